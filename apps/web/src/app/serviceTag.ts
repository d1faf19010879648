/** The Service panel's line naming the project and stored version the document in the editor came from. */
import { h } from './dom.js';
import type { Playground } from './playground.js';

/** A document as the service stored it: its model's URI, and the project and version it is. */
export interface Opened {
  readonly uri: string;
  readonly groupId: string;
  readonly version: number;
}

export interface ProjectTag {
  readonly element: HTMLParagraphElement;
  /** Remembers which document is `opened`; the line shows it while that document is in the editor. */
  set(opened: Opened): void;
  /** Says it again for the document now in the editor. */
  refresh(): void;
}

export function createProjectTag(playground: Playground): ProjectTag {
  const element = h('p', { id: 'service-tag', class: 'tag' });
  let opened: Opened | undefined;
  return {
    element,
    set(next) {
      opened = next;
    },
    refresh() {
      const model = playground.model();
      element.textContent =
        opened !== undefined && model?.uri.toString() === opened.uri
          ? `Editing project ${opened.groupId}, version ${opened.version} as stored.`
          : '';
    },
  };
}
