// The shell's server module (built to dist/.server/first-screen.cjs): the chrome of a first screen, rendered on the
// edge around the slot where the edge puts the page the page's remote rendered.
import { FIRST_SCREEN_PAGE_SLOT, type ShellFirstScreenModule } from '@academy/contracts';
import { renderOnServer } from '@academy/platform/server';
import platformEn from '@academy/platform/locales/en.json';
import platformHi from '@academy/platform/locales/hi.json';
import uiEn from '@academy/ui/locales/en.json';
import uiHi from '@academy/ui/locales/hi.json';
import shellEn from '../locales/en.json';
import shellHi from '../locales/hi.json';
import { PageMain } from '../routing/RemoteRoute';
import { ShellLayout } from '../ShellApp';

const translations = {
  shell: { en: shellEn, hi: shellHi },
  platform: { en: platformEn, hi: platformHi },
  ui: { en: uiEn, hi: uiHi },
};

const PAGE_SLOT_ATTRIBUTE = FIRST_SCREEN_PAGE_SLOT.match(/<template ([\w-]+)=""/)![1]!;

export const renderChrome: ShellFirstScreenModule['renderChrome'] = (request) =>
  renderOnServer({
    request,
    translations,
    element: (
      <ShellLayout showChrome>
        <PageMain>
          <template {...{ [PAGE_SLOT_ATTRIBUTE]: '' }} />
        </PageMain>
      </ShellLayout>
    ),
  });
