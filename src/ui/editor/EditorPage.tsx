/**
 * The editor at /mindmap: the canvas full-screen with the chrome over it (Back to Home, tool panel,
 * canvas controls, search banner, Edit Node panel, mobile bar, save warning). While the editor is
 * open the dark look is forced on and page zoom is locked; both are restored on leaving.
 */
import { Button, Center, Loader, Stack, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { UiEffects } from '../../state/commands';
import { MOBILE_MAX_WIDTH } from '../../state/model';
import { prepareScene } from '../../scene';
import { useCommandHotkeys } from '../hooks/useCommandHotkeys';
import { useForcedColorScheme } from '../hooks/useForcedColorScheme';
import { useTitleEditedInPlace } from '../hooks/useTitleEditedInPlace';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useViewportLock } from '../hooks/useViewportLock';
import { CanvasControls } from './CanvasControls';
import { EditNodePanel } from './EditNodePanel/EditNodePanel';
import { EditorContext, type EditorContextValue } from './EditorContext';
import { exposeForTests } from '../testHook';
import { getEditorSession, type EditorSession } from './editorSession';
import { REFUSED_LINK_MESSAGE, reopenOnNewLink, resolveSharedMap, setAsideSharedMap } from './share/sharedRoute';
import { LinkRefusedError } from './share/syncConnection';
import { OpenMyMapButton } from './share/OpenMyMapButton';
import { useNoSyncServerHere } from './share/syncServerProbe';
import { adoptLeftSharedMap } from './share/leaveSharedMap';
import { NameDialog } from './share/NameDialog';
import { PresenceSync } from './share/PresenceSync';
import { ReadOnlyNotice } from './share/ReadOnlyNotice';
import { useClipboard } from './import/useClipboard';
import type { CanvasHandle } from './canvasHandle';
import { IconArrowLeft, IconTools } from './icons';
import { loadNotice } from './loadNotice';
import { watchCutOff } from './storage/cutOffNotice';
import { KEEP_FAILED_MESSAGE, KEEP_FAILED_TITLE } from './storage/keptMaps';
import { MindMapCanvas } from './MindMapCanvas';
import { MobileBar } from './MobileBar';
import { notifyError, notifySuccess, notifyWarning } from './notify';
import { SaveWarning } from './SaveStatus';
import { SceneApplication } from './SceneApplication';
import { SearchBanner } from './SearchBanner';
import { SharedElsewhereNotice } from './SharedElsewhereNotice';
import { ToolPanel } from './ToolPanel';
import { tooFar } from './LayoutMenu';
import classes from './Editor.module.css';
import { CANVAS_COVER } from './canvasCover';
import { useTrueAfter } from '../hooks/useTrueAfter';

const SLOW_JOIN_MS = 8000;
const SLOW_JOIN_MESSAGE = 'The sync server has not answered yet. MindFlow keeps trying and opens the map as soon as it does.';
const noServerHereMessage = (origin: string) =>
  `No MindFlow sync server runs at ${origin}, so shared maps cannot open here. Open the link where MindFlow runs with its server ("npm start").`;

/** The load notice is shown once per page, not on every visit to the editor. */
let loadNoticeShown = false;

export function EditorPage() {
  useDocumentTitle('Mind map editor — MindFlow');
  useForcedColorScheme('dark');
  useViewportLock();
  const [session, setSession] = useState<EditorSession | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [linkFailed, setLinkFailed] = useState(false);
  const { room } = useParams();
  const navigate = useNavigate();
  // A shared map this device holds nothing of waits for the server, which may not answer (down, or
  // the app served as static files): after a while the page says so, and offers this device's map.
  // Served as static files, the answer is known at once: no wait for the server.
  const noServerHere = useNoSyncServerHere(room) && !failed;
  const joinIsSlow = (useTrueAfter(room, SLOW_JOIN_MS) || noServerHere) && !failed && !!room;
  useEffect(() => (room ? reopenOnNewLink() : undefined), [room]);
  // The editor's toasts are about the editor: they do not follow the user to the landing page.
  useEffect(
    () => () => {
      if (!window.location.pathname.startsWith('/mindmap')) notifications.clean();
    },
    [],
  );
  useEffect(() => {
    let live = true;
    const target = resolveSharedMap(room ?? null, window.location.hash);
    if (target.kind === 'redirect') {
      navigate(target.path, { replace: true });
      return;
    }
    if (target.kind === 'missing') {
      setFailed(target.message);
      setLinkFailed(true);
      return;
    }
    const opening = getEditorSession(target.ref);
    // The stored map is read asynchronously: the scene's map-independent start-up fits in that wait.
    prepareScene();
    opening.then(
      (s) => live && setSession(s),
      (err: unknown) => {
        if (err instanceof LinkRefusedError) {
          if (!live) return;
          setFailed(REFUSED_LINK_MESSAGE);
          setLinkFailed(true);
          return;
        }
        console.error('The editor could not start', err);
        if (live) setFailed('The editor could not start. Please reload the page.');
      },
    );
    return () => {
      live = false;
    };
  }, [room, navigate]);

  return (
    <div className={classes.page}>
      {/* First in the page as it is first on screen (top left): Tab reaches it before the editor. */}
      <Button
        component={Link}
        to="/"
        className={classes.backHome}
        {...CANVAS_COVER}
        variant="default"
        size="xs"
        leftSection={<IconArrowLeft size={15} />}
      >
        Back to Home
      </Button>
      <SceneApplication>
        {session ? (
          <EditorShell session={session} />
        ) : (
          <Center className={classes.loader} role="status" aria-live="polite">
            <Stack align="center" gap="sm">
              {failed || noServerHere ? null : <Loader color="violet" />}
              <Text size="sm" c="dimmed" maw={420} ta="center">
                {failed ?? (noServerHere ? noServerHereMessage(window.location.origin) : room ? 'Opening the shared map…' : 'Loading your mind map…')}
              </Text>
              {joinIsSlow && !noServerHere ? (
                <Text size="sm" c="dimmed" maw={420} ta="center">
                  {SLOW_JOIN_MESSAGE}
                </Text>
              ) : null}
              {linkFailed ? <OpenMyMapButton /> : null}
              {joinIsSlow && room ? <OpenMyMapButton before={() => setAsideSharedMap(room)} /> : null}
            </Stack>
          </Center>
        )}
      </SceneApplication>
    </div>
  );
}

function EditorShell({ session }: { session: EditorSession }) {
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH - 0.02}px)`, window.innerWidth < MOBILE_MAX_WIDTH, {
    getInitialValueInEffect: false,
  });
  const theme = useComputedColorScheme('dark', { getInitialValueInEffect: false });
  const { setColorScheme } = useMantineColorScheme();
  // The canvas toggles are the user's preferences: kept across reloads (off until first turned on).
  const [snapToGrid, setSnapToGrid] = useLocalStorage({ key: 'mindflow-snap-to-grid', defaultValue: false, getInitialValueInEffect: false });
  const [performanceMode, setPerformanceMode] = useLocalStorage({ key: 'mindflow-performance-mode', defaultValue: false, getInitialValueInEffect: false });
  const [toolsOpen, setToolsOpen] = useState(false);
  const titleInPlace = useTitleEditedInPlace();
  const canvas = useRef<CanvasHandle | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const ui = useMemo<UiEffects>(
    () => ({
      focusSearch: () => {
        const focus = () => {
          searchRef.current?.focus();
          searchRef.current?.select();
        };
        // At once where the box is there: letters typed right after Ctrl+F went to the map while
        // it waited a frame (100–470 ms on a busy page). On a phone the panel may have to mount first.
        if (!isMobile && searchRef.current) return focus();
        if (isMobile) setToolsOpen(true);
        requestAnimationFrame(focus);
      },
      editLabel: (id) => canvas.current?.editLabel?.(id),
      tell: (title, message) => notifyWarning(title, message, 6000),
      spotTaken: (area) => canvas.current?.spotTaken?.(area) ?? false,
    }),
    [isMobile],
  );
  useCommandHotkeys(session.store, ui);
  // Pasted topics are brought on screen with the topic they went under, a frame later (once drawn).
  const revealPasted = useCallback((id: string) => void requestAnimationFrame(() => canvas.current?.revealNode?.(id, true)), []);
  useClipboard(session.store, revealPasted);
  // An edit Auto Layout could not lay out within a map's coordinates turned it off: said here, whatever panel is open.
  useEffect(() => session.layouts.onTooFar((kind) => tooFar(kind, true)), [session]);

  const toggleTheme = useCallback(() => setColorScheme(theme === 'dark' ? 'light' : 'dark'), [setColorScheme, theme]);

  const value = useMemo<EditorContextValue>(
    () => ({ session, canvas, ui, isMobile, theme, toggleTheme }),
    [session, ui, isMobile, theme, toggleTheme],
  );

  useEffect(() => {
    if (session.sharedRef) return;
    void adoptLeftSharedMap(session.store, (state, reason) => session.kept.keepCopy(state, reason)).then((done) => {
      if (done === 'adopted') notifySuccess('Left the shared map', 'A copy of it is now your map in this browser. Restore previous map brings back the one it replaced.');
      if (done === 'kept') notifySuccess('Left the shared map', 'Your own map is open again. A copy of the shared map is kept: Restore previous map brings it in.');
    });
  }, [session]);

  useEffect(() => {
    if (loadNoticeShown) return;
    loadNoticeShown = true;
    const notice = loadNotice(session.loaded);
    if (!notice) return;
    notifications.show({
      title: notice.title,
      message: notice.message,
      color: notice.severity === 'error' ? 'red' : 'yellow',
      autoClose: false,
      position: 'top-center',
    });
  }, [session]);

  useEffect(() => watchCutOff(session, (title, message) => notifyWarning(title, message, false)), [session]);
  useEffect(() => session.kept.onKeepFailed(() => notifyWarning(KEEP_FAILED_TITLE, KEEP_FAILED_MESSAGE, false)), [session]);

  const onReady = useCallback((handle: CanvasHandle) => {
    canvas.current = handle;
    // Test and benchmark hook, as the session's.
    exposeForTests({ scene: handle });
  }, []);

  const showTools = !isMobile || toolsOpen;
  // On a phone the Edit card hides while the tool panel is open over it; as the panel closes and the
  // card comes back, the selected topic is brought out from under it.
  useEffect(() => {
    if (!isMobile || toolsOpen) return;
    const id = session.store.getState().selectedNodeId;
    if (!id) return;
    const frame = requestAnimationFrame(() => canvas.current?.revealNode?.(id));
    return () => cancelAnimationFrame(frame);
  }, [isMobile, toolsOpen, session]);

  return (
    <EditorContext.Provider value={value}>
      <div className={classes.canvasHost} data-canvas-host>
        <MindMapCanvas
          store={session.store}
          visibility={session.visibility}
          theme={theme}
          performanceMode={performanceMode}
          snapToGrid={snapToGrid}
          onReady={onReady}
          onError={(m) => notifyError('Not possible', m)}
        />
      </div>
      {isMobile ? (
        <Button
          className={classes.toolsToggle}
          variant={toolsOpen ? 'filled' : 'default'}
          size="xs"
          leftSection={<IconTools size={15} />}
          aria-expanded={toolsOpen}
          aria-controls="mf-tool-panel"
          onClick={() => setToolsOpen((o) => !o)}
        >
          Toggle tools
        </Button>
      ) : null}
      <ToolPanel id="mf-tool-panel" hidden={!showTools} searchRef={searchRef} performanceMode={performanceMode} />
      <CanvasControls
        snapToGrid={snapToGrid}
        onSnapToGrid={setSnapToGrid}
        performanceMode={performanceMode}
        onPerformanceMode={setPerformanceMode}
      />
      <SearchBanner />
      {isMobile ? <MobileBar /> : null}
      {/* On a phone the centred card would cover a title edited in place once the keyboard is up. */}
      <EditNodePanel hidden={isMobile && (toolsOpen || titleInPlace)} />
      <SaveWarning />
      <NameDialog />
      <PresenceSync />
      <ReadOnlyNotice />
      <SharedElsewhereNotice />
    </EditorContext.Provider>
  );
}
