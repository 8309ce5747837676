import { create } from 'zustand';
import type { IpcError } from '../../../shared/ipc';
import type { LinkRequest, LinkView } from '../../../shared/ipc-links';
import { paydesk } from '../paydesk';

/** How the Sale screen takes this payment: the card keyed here, or a link to the customer. */
export type SaleMode = 'card' | 'link';

/** What the link panel is doing for the link on screen. */
export type LinkAction = 'idle' | 'creating' | 'resending' | 'cancelling';

interface LinkState {
  mode: SaleMode;
  /** Links this window follows, by id: the ones sent here and those still pending at start. */
  links: ReadonlyMap<string, LinkView>;
  /** The link the panel shows; null shows the link form. */
  current: string | null;
  action: LinkAction;
  error: IpcError | null;
  /** A resend that went out, for the panel to say so. */
  resent: boolean;
  choose(mode: SaleMode): void;
  /** Loads the links still pending (after a restart they are followed again). */
  load(): Promise<void>;
  create(request: LinkRequest): Promise<void>;
  resend(linkId: string): Promise<void>;
  cancel(linkId: string): Promise<void>;
  show(linkId: string | null): void;
  /** A link changed in main (the follower saw it paid, held, expired…). */
  receive(link: LinkView): void;
}

const withLink = (links: ReadonlyMap<string, LinkView>, link: LinkView) => {
  const next = new Map(links);
  const known = next.get(link.linkId);
  // Events and answers may cross: a later update never gives way to an earlier one.
  if (!known || known.updatedAt <= link.updatedAt) next.set(link.linkId, link);
  return next;
};

export const useLinkStore = create<LinkState>()((set, get) => {
  /** Runs one request for the panel; its answer (or error) lands in the store. */
  const run = async (
    action: LinkAction,
    request: () => ReturnType<ReturnType<typeof paydesk>['linkGet']>,
  ) => {
    set({ action, error: null, resent: false });
    const answer = await request();
    if (!answer.ok) {
      set({ action: 'idle', error: answer.error });
      return null;
    }
    set({
      action: 'idle',
      links: withLink(get().links, answer.value),
      current: answer.value.linkId,
    });
    return answer.value;
  };

  return {
    mode: 'card',
    links: new Map(),
    current: null,
    action: 'idle',
    error: null,
    resent: false,
    choose(mode) {
      set({ mode, error: null });
    },
    async load() {
      const answer = await paydesk().linkList({ statuses: ['pending'], limit: 50 });
      if (!answer.ok) return;
      let links = get().links;
      for (const link of answer.value.links) links = withLink(links, link);
      set({ links });
    },
    async create(request) {
      await run('creating', () => paydesk().linkCreate(request));
    },
    async resend(linkId) {
      const link = await run('resending', () => paydesk().linkResend({ linkId }));
      if (link) set({ resent: true });
    },
    async cancel(linkId) {
      await run('cancelling', () => paydesk().linkCancel({ linkId }));
    },
    show(linkId) {
      set({ current: linkId, error: null, resent: false });
    },
    receive(link) {
      set({ links: withLink(get().links, link) });
    },
  };
});
