import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSWRConfig } from 'swr';
import { sessionKey } from '@/api/get-session';
import { DownloadModal } from '@/components/download-modal';
import { PageCourtierContext } from '@/entities/courtier/page-courtier';
import { useMemberActivity } from '@/features/auth/hooks/use-member-activity';
import { logout } from '@/features/auth/logout';
import { signInAgainAsked, subscribeToSignInAgain } from '@/features/auth/sign-in-again';
import { t } from '@/i18n/t';
import { useMemberSession } from '@/hooks/session-context';
import { preloadable } from '@/lib/preloadable';
import { usePrefetchOnIntent } from '../use-prefetch-on-intent';
import { pageCourtier, useMenusReloadedOnRouteChange } from './content-menus';
import { Footer } from './footer';
import { HttpErrorAnnouncer } from './http-error-announcer';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import styles from './shell.module.css';

/** "Gestion des cookies", loaded the first time the member opens it from the footer. */
function NoBanner() {
  return null;
}

/**
 * The banner of someone acting for a member, with its texts: loaded only for them, by the
 * shell's loader (`member-routes.tsx`) before the shell renders. Code that could not be loaded
 * shows nothing.
 */
export const delegationBanner = preloadable(() =>
  import('./delegation-banner').then(
    (module) => module.DelegationBanner,
    () => NoBanner,
  ),
);
const DelegationBanner = delegationBanner.Component;

const CookieConsentDialog = lazy(() =>
  import('./cookie-consent-dialog').then((module) => ({ default: module.CookieConsentDialog })),
);

/** « Confirmez votre identité », loaded the first time the portal asks the member to sign in again. */
const SignInAgainDialog = lazy(() =>
  import('@/features/auth/components/sign-in-again-dialog').then((module) => ({ default: module.SignInAgainDialog })),
);

/** The question a refused sensitive write asks, while it is asked (`sign-in-again.ts`). */
function SignInAgainQuestion() {
  const asked = useSyncExternalStore(subscribeToSignInAgain, signInAgainAsked);
  return (
    asked && (
      <Suspense>
        <SignInAgainDialog asked={asked} />
      </Suspense>
    )
  );
}

/**
 * Where the sidebar stops being a drawer (999 px and below, docs/product/limits.md#layout); as in
 * the CSS.
 */
const wideScreen = '(min-width: 1000px)';

/** The drawer of small screens: open and close with focus where the member expects it. */
function useDrawer(pathname: string) {
  // The drawer is open on the page where it was opened: following one of its links closes it
  // (focus then goes to the new page, see useFocusTitleOnNavigation).
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  const openDrawer = useCallback(() => {
    setOpenOn(pathname);
  }, [pathname]);
  // Set when the member closes the drawer (cross, Escape, backdrop), so that focus goes back
  // to the menu button, once the page behind is no longer inert.
  const refocusMenuButton = useRef(false);
  const closeDrawer = useCallback(() => {
    refocusMenuButton.current = true;
    setOpenOn(null);
  }, []);

  useEffect(() => {
    if (open) {
      closeButton.current?.focus();
    } else if (refocusMenuButton.current) {
      refocusMenuButton.current = false;
      menuButton.current?.focus();
    }
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer();
    };
    // Widening the window turns the drawer back into a column: the rest of the page, made
    // inert while the drawer is open, must not stay so.
    const wide = window.matchMedia(wideScreen);
    const onWidthChange = (event: MediaQueryListEvent) => {
      if (event.matches) setOpenOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    wide.addEventListener('change', onWidthChange);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      wide.removeEventListener('change', onWidthChange);
    };
  }, [open, closeDrawer]);

  return { open, openDrawer, closeDrawer, menuButton, closeButton };
}

/**
 * After an in-app navigation, focus moves to the new page's title, as a screen reader's
 * "page loaded" would put it: keyboard and screen-reader users start reading the new page,
 * named, not the link they left. A page whose title is not there yet (still loading) gets the
 * focus on its content instead; a page that focused something itself keeps it.
 */
function useFocusTitleOnNavigation(pathname: string) {
  const main = useRef<HTMLElement>(null);
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // The page has already put the focus where the address asked (a `#fragment`'s target,
    // focused by the page's own effect, which runs before this one).
    if (main.current?.contains(document.activeElement) && document.activeElement !== main.current) {
      return;
    }
    const title = main.current?.querySelector('h1');
    if (title) {
      // Focusable by script only: the title is no stop for Tab.
      if (!title.hasAttribute('tabindex')) title.setAttribute('tabindex', '-1');
      title.focus();
    } else {
      main.current?.focus();
    }
  }, [pathname]);
  return main;
}

/**
 * The signed-in frame, the member space's main shell: sidebar, top bar, whose space it is when
 * acting for another member, page, footer; and, over them, the question a sensitive write may
 * ask before it is sent (`SignInAgainDialog`).
 */
export function Shell() {
  const { pathname } = useLocation();
  const session = useMemberSession();
  const { mutate } = useSWRConfig();
  const sidebarId = useId();
  const drawer = useDrawer(pathname);
  const main = useFocusTitleOnNavigation(pathname);
  const menus = useMenusReloadedOnRouteChange(pathname);
  const courtier = useMemo(() => pageCourtier(menus), [menus]);
  const [cookiesOpen, setCookiesOpen] = useState(false);
  // Kept once opened, closed rather than removed: closing a modal dialog gives the focus back
  // to the button that opened it.
  const [cookiesAsked, setCookiesAsked] = useState(false);
  usePrefetchOnIntent();

  useMemberActivity({
    idleTimeoutMs: session.idleTimeoutMs,
    onIdle: () => void logout(),
    onKeepAlive: () => void mutate(sessionKey),
  });

  return (
    <div className={styles.layout}>
      <a className="skip-link" href="#main-content">
        {t('app.skipLink')}
      </a>
      <Sidebar
        id={sidebarId}
        menus={menus}
        open={drawer.open}
        onClose={drawer.closeDrawer}
        closeButtonRef={drawer.closeButton}
      />
      {drawer.open && (
        <div className={styles.backdrop} aria-hidden="true" onClick={drawer.closeDrawer} />
      )}
      {/* While the drawer is open, what it covers can be neither focused nor clicked. */}
      <div className={styles.column} inert={drawer.open}>
        <TopBar
          sidebarId={sidebarId}
          menuOpen={drawer.open}
          onOpenMenu={drawer.openDrawer}
          menuButtonRef={drawer.menuButton}
        />
        {session.delegation && (
          <Suspense>
            <DelegationBanner user={session.User} delegation={session.delegation} />
          </Suspense>
        )}
        <main id="main-content" ref={main} tabIndex={-1} className={styles.main}>
          <PageCourtierContext value={courtier}>
            <Outlet />
          </PageCourtierContext>
        </main>
        <Footer
          onManageCookies={() => {
            setCookiesAsked(true);
            setCookiesOpen(true);
          }}
        />
      </div>
      {cookiesAsked && (
        <Suspense>
          <CookieConsentDialog
            open={cookiesOpen}
            onClose={() => {
              setCookiesOpen(false);
            }}
          />
        </Suspense>
      )}
      <DownloadModal />
      <SignInAgainQuestion />
      <HttpErrorAnnouncer />
    </div>
  );
}
