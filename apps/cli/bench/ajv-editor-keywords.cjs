// ajv-cli custom-keywords module (`ajv validate -c ./bench/ajv-editor-keywords.cjs`): declares the editor
// annotations the automation-config schema carries, as `ajvOptions.keywords` of @dbkit/schema does, so ajv-cli can
// compile the schema in strict mode (with --allow-union-types). Keep the list in step with `editorKeywords` in
// packages/schema/src/index.ts; ajv-cli fails loudly ("unknown keyword") when one is missing.
module.exports = (ajv) =>
  ajv.addVocabulary([
    'markdownDescription',
    'enumDescriptions',
    'deprecationMessage',
    'doNotSuggest',
    'defaultSnippets',
  ]);
