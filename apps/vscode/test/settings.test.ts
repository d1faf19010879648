import { VALIDATE_REQUEST as SERVER_VALIDATE_REQUEST } from '@dbkit/language-server/server';
import { describe, expect, it } from 'vitest';
import { VALIDATE_REQUEST } from '../src/lib/constants.ts';
import { initializationOptions, readClientSettings, readerOf, serverSection } from '../src/lib/settings.ts';

describe('settings → client and server', () => {
  it('reads the defaults when nothing is set', () => {
    const settings = readClientSettings(readerOf({}));
    expect(settings.enable).toBe(true);
    expect(settings.extraPatterns).toEqual([]);
    expect(settings.severityOverrides.size).toBe(0);
    expect(settings.trace).toBe('off');
    expect(initializationOptions(settings)).toEqual({
      dbkit: { files: { associations: [] }, codes: { baseUrl: 'vscode://dbkit.dbkit-vscode/codes/' } },
    });
  });

  it('hands the server the cleaned patterns in the shape its readSettings takes', () => {
    const settings = readClientSettings(
      readerOf({
        enable: true,
        files: { associations: ['*.acfg.json', ' *.acfg.json', 7] },
        diagnostics: { severityOverrides: { DBK107: 'off' } },
        trace: { server: 'verbose' },
      }),
    );
    expect(settings.trace).toBe('verbose');
    expect(serverSection(settings)).toEqual({
      files: { associations: ['*.acfg.json'] },
      codes: { baseUrl: 'vscode://dbkit.dbkit-vscode/codes/' },
    });
    // Severity overrides stay in the client: the server is not told about them.
    expect(JSON.stringify(initializationOptions(settings))).not.toContain('DBK107');
  });

  it.for([
    [{ enable: false }, false],
    [{ enable: 'no' }, true],
    [{ trace: { server: 'loud' } }, true],
  ] as const)('%j: enable is %s, odd values fall back to defaults', ([section, enable]) => {
    const settings = readClientSettings(readerOf(section));
    expect(settings.enable).toBe(enable);
    expect(settings.trace).toBe('off');
  });

  it('names the same custom request as the server', () => {
    expect(VALIDATE_REQUEST).toBe(SERVER_VALIDATE_REQUEST);
  });
});
