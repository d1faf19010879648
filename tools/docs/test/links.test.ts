import { describe, expect, it } from 'vitest';
import { brokenDocMentions, brokenMarkdownLinks } from '../lib/links.mjs';

describe('links between the docs', () => {
  it('land: every relative Markdown link names a file of the repository, and a heading of it where it names one', () => {
    expect(brokenMarkdownLinks()).toEqual([]);
  });

  it('land from the code: every Markdown file a source or test names exists', () => {
    expect(brokenDocMentions()).toEqual([]);
  });
});
