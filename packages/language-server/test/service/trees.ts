/** Trees and graphs as plain text, to compare an incrementally updated document with a full parse. */
import type { ASTNode } from 'vscode-json-languageservice';

/**
 * A plain picture of a tree, one line per node (cheap to build and to compare: the random sessions compare
 * thousands of versions), parents checked on the way.
 */
export function shape(root: ASTNode | undefined): string {
  const lines: string[] = [];
  const visit = (node: ASTNode | undefined, parent: ASTNode | undefined, depth: string): void => {
    if (node === undefined) {
      lines.push(`${depth}-`);
      return;
    }
    if (node.parent !== parent) throw new Error(`wrong parent at ${node.type} ${node.offset}`);
    const at = `${depth}${node.type} ${node.offset}+${node.length}`;
    switch (node.type) {
      case 'object':
        lines.push(at);
        for (const property of node.properties) visit(property, node, `${depth} `);
        return;
      case 'array':
        lines.push(at);
        for (const item of node.items) visit(item, node, `${depth} `);
        return;
      case 'property':
        lines.push(`${at} colon ${node.colonOffset}`);
        visit(node.keyNode, node, `${depth} `);
        visit(node.valueNode, node, `${depth} `);
        return;
      default:
        lines.push(`${at} ${JSON.stringify(node.value)}`);
    }
  };
  visit(root, undefined, '');
  return lines.join('\n');
}

/** The declarations of a graph as plain data: kind, name, where the name is. */
export function declarations(doc: {
  references: { allDeclarations: readonly { kind: string; name: string; node: ASTNode }[] };
}) {
  return doc.references.allDeclarations.map((d) => `${d.kind} ${d.name} @${d.node.offset}`);
}

/** The references of a graph as plain data: site, name, where the name is, what it resolves to. */
export function references(doc: {
  references: {
    references: readonly {
      site: string;
      name: string;
      node: ASTNode;
      target: { kind: string; node: ASTNode } | undefined;
    }[];
  };
}) {
  return doc.references.references.map(
    (r) => `${r.site} ${r.name} @${r.node.offset} → ${r.target ? `${r.target.kind} @${r.target.node.offset}` : '-'}`,
  );
}
