import { Center, Loader, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { theme } from './theme';
import { LandingPage } from './landing/LandingPage';
import { NotFoundPage } from './NotFoundPage';
import { loadEditor } from './loadEditor';

const EditorPage = lazy(() => loadEditor().then((m) => ({ default: m.EditorPage })));

function EditorLoading() {
  return (
    <Center h="100dvh">
      <Loader aria-label="Loading the editor" />
    </Center>
  );
}

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="bottom-right" />
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route
            path="/mindmap"
            element={
              <Suspense fallback={<EditorLoading />}>
                <EditorPage />
              </Suspense>
            }
          />
          <Route
            path="/mindmap/shared/:room"
            element={
              <Suspense fallback={<EditorLoading />}>
                <EditorPage />
              </Suspense>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </BrowserRouter>
    </MantineProvider>
  );
}
