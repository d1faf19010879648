/**
 * The `json` language for monaco: tokens (a small Monarch grammar: keys, strings, numbers, literals, and comments
 * so a pasted JSONC document still colours) and brackets, auto-closing and indentation rules. No language
 * service: the dbkit worker provides every feature.
 */
import type { languages } from 'monaco-editor/esm/vs/editor/editor.api';
import type { Monaco } from './monaco.js';

export const JSON_LANGUAGE_ID = 'json';

const tokens: languages.IMonarchLanguage = {
  defaultToken: 'invalid',
  tokenPostfix: '.json',
  escapes: /\\(?:["\\/bfnrt]|u[0-9A-Fa-f]{4})/,
  tokenizer: {
    root: [
      [/[ \t\r\n]+/, ''],
      [/\/\/.*$/, 'comment'],
      [/\/\*/, 'comment', '@comment'],
      [/"(?:[^"\\]|\\.)*"(?=\s*:)/, 'type'],
      [/"/, 'string', '@string'],
      [/-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/, 'number'],
      [/\b(?:true|false)\b/, 'keyword'],
      [/\bnull\b/, 'keyword'],
      [/[{}[\]]/, '@brackets'],
      [/[,:]/, 'delimiter'],
    ],
    string: [
      [/[^\\"]+/, 'string'],
      [/@escapes/, 'string.escape'],
      [/\\./, 'string.escape.invalid'],
      [/"/, 'string', '@pop'],
    ],
    comment: [
      [/[^/*]+/, 'comment'],
      [/\*\//, 'comment', '@pop'],
      [/[/*]/, 'comment'],
    ],
  },
};

const configuration: languages.LanguageConfiguration = {
  wordPattern: /(-?\d*\.\d\w*)|([^[{\]}:"',\s]+)/g,
  comments: { lineComment: '//', blockComment: ['/*', '*/'] },
  brackets: [
    ['{', '}'],
    ['[', ']'],
  ],
  autoClosingPairs: [
    { open: '{', close: '}', notIn: ['string'] },
    { open: '[', close: ']', notIn: ['string'] },
    { open: '"', close: '"', notIn: ['string'] },
  ],
  surroundingPairs: [
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '"', close: '"' },
  ],
};

export function registerJsonLanguage(monaco: Monaco): void {
  monaco.languages.register({ id: JSON_LANGUAGE_ID, extensions: ['.json'], aliases: ['JSON'] });
  monaco.languages.setMonarchTokensProvider(JSON_LANGUAGE_ID, tokens);
  monaco.languages.setLanguageConfiguration(JSON_LANGUAGE_ID, configuration);
}
