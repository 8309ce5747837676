import type { LinkView } from '../../../shared/ipc-links';
import { useLinkStore } from '../stores/link-store';
import { useScreenStore } from '../stores/screen-store';

/** Opens a link's panel on the Sale screen, where a paid link's receipt is. */
export function openLink(link: LinkView): void {
  const store = useLinkStore.getState();
  store.receive(link);
  store.choose('link');
  store.show(link.linkId);
  useScreenStore.getState().go('sale');
}
