/**
 * The Service panel's connection form: the project id and key pair, kept in the tab only (`serviceKeys.ts`), and the
 * panel's buttons, which stay disabled while a call is on its way.
 */
import { h } from './dom.js';
import { forgetKeys, type KeyStorage, loadKeys, type ServiceKeys, saveKeys } from './serviceKeys.js';

export interface ServiceForm {
  readonly element: HTMLFormElement;
  readonly openButton: HTMLButtonElement;
  readonly pushButton: HTMLButtonElement;
  readonly forgetButton: HTMLButtonElement;
  /** The keys as entered, the ids trimmed. */
  keys(): ServiceKeys;
  /** Forgets the keys kept in the tab and empties the fields. */
  forget(): void;
  /** Focuses where the user goes on: the group id while it is empty, else "Open from service". */
  focus(): void;
  /** Runs `work` with "Open from service" and "Push" disabled. */
  busy<T>(work: () => Promise<T>): Promise<T>;
}

interface KeyField {
  readonly input: HTMLInputElement;
  readonly label: HTMLLabelElement;
}

function keyField(id: string, label: string, type: 'text' | 'password', value: string): KeyField {
  const input = h('input', {
    id,
    type,
    autocomplete: type === 'password' ? 'off' : undefined,
    spellcheck: 'false',
  });
  // The property, not the attribute: a key kept in the tab stays out of the page's markup.
  input.value = value;
  return { input, label: h('label', {}, label, input) };
}

export function createServiceForm(storage: KeyStorage): ServiceForm {
  const stored = loadKeys(storage);
  const group = keyField('service-group', 'Group id', 'text', stored.groupId);
  const publicKey = keyField('service-public-key', 'Public key', 'text', stored.publicKey);
  const privateKey = keyField('service-private-key', 'Private key', 'password', stored.privateKey);
  const openButton = h('button', { id: 'service-open', type: 'button' }, 'Open from service');
  const pushButton = h('button', { id: 'service-push', type: 'button' }, 'Push');
  const forgetButton = h('button', { id: 'service-forget', type: 'button' }, 'Forget keys');
  const element = h(
    'form',
    { class: 'keys', autocomplete: 'off' },
    group.label,
    publicKey.label,
    privateKey.label,
    h('span', { class: 'actions' }, openButton, pushButton, forgetButton),
  );
  const keys = (): ServiceKeys => ({
    groupId: group.input.value.trim(),
    publicKey: publicKey.input.value.trim(),
    privateKey: privateKey.input.value,
  });
  element.addEventListener('input', () => saveKeys(storage, keys()));
  element.addEventListener('submit', (event) => event.preventDefault());
  return {
    element,
    openButton,
    pushButton,
    forgetButton,
    keys,
    forget() {
      forgetKeys(storage);
      for (const f of [group, publicKey, privateKey]) f.input.value = '';
    },
    focus() {
      (group.input.value === '' ? group.input : openButton).focus();
    },
    async busy(work) {
      openButton.disabled = pushButton.disabled = true;
      try {
        return await work();
      } finally {
        openButton.disabled = pushButton.disabled = false;
      }
    },
  };
}
