import { Center, Loader, MantineProvider } from '@mantine/core';
import { appColorSchemeManager } from './colorSchemeManager';
import { Notifications } from '@mantine/notifications';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { cssVariablesResolver, theme } from './theme';
import { LandingPage } from './landing/LandingPage';
import { NotFoundPage } from './NotFoundPage';
import { loadEditor } from './loadEditor';
import toastClasses from './toasts.module.css';

const EditorPage = lazy(() => loadEditor().then((m) => ({ default: m.EditorPage })));

function EditorLoading() {
  return (
    <Center h="100dvh">
      <Loader aria-label="Loading the editor" />
    </Center>
  );
}

function Editor() {
  return (
    <Suspense fallback={<EditorLoading />}>
      <EditorPage />
    </Suspense>
  );
}

// A data router: the Edit panel can hold back any navigation out of the editor (a link, Back or
// Forward) while it holds unsaved input (useBlocker).
const router = createBrowserRouter([
  // Paths are matched as written: "/MindMap" is not a page of the app.
  { path: '/', element: <LandingPage /> },
  { path: '/mindmap', element: <Editor />, caseSensitive: true },
  { path: '/mindmap/shared/:room', element: <Editor />, caseSensitive: true },
  { path: '*', element: <NotFoundPage /> },
]);

const colorSchemeManager = appColorSchemeManager();

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="bottom-right" classNames={{ root: toastClasses.toasts }} />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
