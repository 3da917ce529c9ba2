/**
 * "Import Mind Map": pick or drop a file of any supported format, or paste JSON, Markdown, OPML or an
 * indented outline. Reading and parsing run in a worker (import/parseInWorker.ts); a progress bar
 * shows when the import takes over a second. A file with several sheets asks which to import. Errors
 * keep the dialog open and change nothing. The import ends once the map is in (drawn, and written
 * into the document, which a big map is in parts after it is drawn): then the toast comes, and
 * MindFlow's own JSON closes the dialog while any other format leaves it open on the fidelity report
 * until the user closes it. A read-only map says so in the dialog and imports nothing.
 */
import { Alert, Button, FileButton, Group, Modal, Progress, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ImportReport } from '../../../state/interop/report';
import { useEditor } from '../EditorContext';
import { IconUpload } from '../icons';
import { importLayout } from '../../../state/importMap';
import { labelMeasurer } from '../../../scene/topics/nodeMetrics';
import { applyReadMap, importToast } from '../import/applyImport';
import { hasOwnPositions } from '../import/ownPositions';
import { IMPORT_ACCEPT } from '../import/fileFormat';
import { dragHasFiles, droppedFile, onFileImportRequest } from '../import/importRequests';
import { dropPreparedParser, parseInWorker, prepareParser, type ParseJob, type ParseProgress } from '../import/parseInWorker';
import type { ParseRequest } from '../import/protocol';
import { whenWritten } from '../import/whenWritten';
import { RestorePreviousButton } from '../storage/RestoreMapDialog';
import { ImportReportView } from './ImportReport';
import { nextPaint } from '../afterPaint';
import { useReadOnlyReason } from '../readOnly';
import { ReadOnlyAlert } from './ReadOnlyAlert';
import { SharedReplaceNote } from './SharedReplaceNote';

/** Past this many characters the paste box stops growing with its text. */
const AUTOSIZE_MAX_CHARS = 20_000;

/** The progress bar appears only for imports that take longer than this (reading to written). */
const SLOW_MS = 1000;
/**
 * A map this big takes the page's main thread long enough to build (about a second at 60,000
 * topics on a slow machine) that its bar is shown as the build starts, whenever that is: once the
 * build has begun the page cannot show it any more.
 */
const BIG_BUILD_TOPICS = 20_000;

type Sheet = { title: string; topics: number; empty: boolean };

/** The worker's stages, then the page's last: the map drawn, being written into the document. */
type ImportProgress = ParseProgress | { stage: 'saving' };

type Phase =
  | { kind: 'idle' }
  | { kind: 'busy'; progress: ImportProgress; slow: boolean }
  | { kind: 'sheets'; request: ParseRequest; sheets: Sheet[]; choice: string }
  | { kind: 'report'; report: ImportReport };

function progressOf(p: ImportProgress): { value: number; label: string } {
  if (p.stage === 'saving') return { value: 95, label: 'Saving the map…' };
  if (p.stage === 'building') return { value: 90, label: 'Building the map…' };
  if (p.stage === 'reading') return { value: Math.round(5 + 45 * (p.fraction ?? 0)), label: 'Reading the file…' };
  return { value: 60, label: 'Reading topics…' };
}

function sheetLabel(s: Sheet, i: number): string {
  return s.title.trim() || `Sheet ${i + 1}`;
}

export function ImportDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { session, canvas } = useEditor();
  const readOnly = useReadOnlyReason();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  // A file dropped on the canvas opens the dialog by itself.
  const [dropOpened, setDropOpened] = useState(false);
  // See closeImported.
  const [closingAtOnce, setClosingAtOnce] = useState(false);
  /** `applying`: the read map is going into the editor, which closing the dialog does not stop. */
  const job = useRef<{ parse: ParseJob; timer: number; applying: boolean } | null>(null);
  const resetFile = useRef<() => void>(null);

  const stopJob = () => {
    const current = job.current;
    if (!current) return;
    if (!current.applying) current.parse.cancel();
    window.clearTimeout(current.timer);
    job.current = null;
  };

  const resetContent = () => {
    setText('');
    setError(null);
    setPhase({ kind: 'idle' });
    setClosingAtOnce(false);
  };

  const close = () => {
    stopJob();
    resetContent();
    setDropOpened(false);
    onClose();
  };

  /**
   * The map is in: the dialog goes without its fade, whose frames can be long ones on a map just
   * drawn, and with its content as it was (reset once it is gone), never the empty form.
   */
  const closeImported = () => {
    setClosingAtOnce(true);
    setDropOpened(false);
    onClose();
  };

  const start = (request: ParseRequest) => {
    if (session.store.readOnly !== null) return; // the dialog says why
    stopJob();
    setError(null);
    setPhase({ kind: 'busy', progress: { stage: request.file ? 'reading' : 'parsing' }, slow: false });
    // A map without positions is laid out in the worker as well, with the canvas's character widths.
    const place = { kind: importLayout(session.store.getState().settings), widths: labelMeasurer().knownWidths() };
    // A big map's bar, once drawn with the build's stage (while the worker still packs the map).
    let shown: Promise<void> | null = null;
    const parse = parseInWorker({ ...request, place }, (progress) => {
      const big = progress.stage === 'building' && (progress.topics ?? 0) >= BIG_BUILD_TOPICS;
      setPhase((p) => (p.kind === 'busy' ? { ...p, progress, slow: p.slow || big } : p));
      if (big) shown ??= nextPaint();
    });
    const timer = window.setTimeout(() => setPhase((p) => (p.kind === 'busy' ? { ...p, slow: true } : p)), SLOW_MS);
    const mine = { parse, timer, applying: false };
    job.current = mine;
    void parse.result.then((outcome) => {
      if (job.current !== mine) return; // cancelled or replaced
      if (outcome.ok === 'choose-sheet') {
        window.clearTimeout(timer);
        job.current = null;
        setPhase({ kind: 'sheets', request, sheets: outcome.sheets, choice: String(Math.max(0, outcome.sheets.findIndex((s) => !s.empty))) });
        return;
      }
      if (!outcome.ok) {
        window.clearTimeout(timer);
        job.current = null;
        setError(outcome.error);
        setPhase({ kind: 'idle' });
        return;
      }
      // Building a big map takes the main thread for a moment: show the stage first, and for a big
      // map the bar, drawn (a frame) before the build begins. The worker announced the stage before
      // packing the map for the page, so that frame is usually drawn by now.
      const big = outcome.report.topics >= BIG_BUILD_TOPICS;
      setPhase((p) => (p.kind === 'busy' ? { ...p, progress: { stage: 'building' }, slow: p.slow || big } : p));
      const build = async () => {
        if (job.current !== mine) return;
        mine.applying = true;
        const applied = await applyReadMap(session, canvas, outcome, parse.placed);
        if (applied.ok) {
          if (job.current === mine) setPhase((p) => (p.kind === 'busy' ? { ...p, progress: { stage: 'saving' } } : p));
          await whenWritten(session.binding);
        }
        window.clearTimeout(timer);
        const following = job.current === mine;
        if (following) job.current = null;
        if (!applied.ok) {
          if (following) {
            setError(applied.error);
            setPhase({ kind: 'idle' });
          }
          return;
        }
        // The dialog shows the end (closed, or the report) before the toast says it: a toast shown
        // first would sit over the busy dialog through the canvas's next frame.
        if (following) {
          flushSync(() => {
            // A MindFlow map closes the dialog, as the seed does, unless loading it had to drop or
            // change something it held: the report says what.
            if (hasOwnPositions(outcome) && !outcome.repaired) closeImported();
            else {
              setText('');
              setPhase({ kind: 'report', report: outcome.report });
            }
          });
        }
        importToast(applied);
      };
      if (big) void (shown ?? nextPaint()).then(build);
      else window.setTimeout(() => void build(), 0);
    });
  };

  const startRef = useRef(start);
  startRef.current = start;
  useEffect(
    () =>
      onFileImportRequest((file) => {
        setDropOpened(true);
        startRef.current({ file });
      }),
    [],
  );
  useEffect(() => () => stopJob(), []);

  // A file dropped anywhere else (the open dialog, a panel) must not make the browser leave the
  // editor to show the file; while the dialog waits for input, it is imported.
  const shown = opened || dropOpened;
  // The parsing worker starts while the user picks a file.
  useEffect(() => {
    if (!opened) return;
    prepareParser();
    return dropPreparedParser;
  }, [opened]);
  const acceptsDrop = useRef(false);
  acceptsDrop.current = shown && (phase.kind === 'idle' || phase.kind === 'report');
  useEffect(() => {
    const onDragOver = (e: DragEvent) => {
      if (e.defaultPrevented || !dragHasFiles(e.dataTransfer?.types)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = acceptsDrop.current ? 'copy' : 'none';
    };
    const onDrop = (e: DragEvent) => {
      if (e.defaultPrevented || !dragHasFiles(e.dataTransfer?.types)) return;
      e.preventDefault();
      if (!acceptsDrop.current) return;
      const file = droppedFile(e.dataTransfer?.files);
      if (file) startRef.current({ file });
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);

  const onFile = (file: File | null) => {
    resetFile.current?.();
    if (file) start({ file });
  };

  const busy = phase.kind === 'busy';
  // The map is already in the editor: nothing is left to cancel.
  const saving = busy && phase.progress.stage === 'saving';

  return (
    <Modal
      opened={shown}
      onClose={close}
      title="Import Mind Map"
      centered
      size="lg"
      transitionProps={closingAtOnce ? { exitDuration: 0 } : undefined}
      onExitTransitionEnd={closingAtOnce ? resetContent : undefined}
    >
      <Stack gap="md">
        {readOnly === null || phase.kind === 'report' ? null : <ReadOnlyAlert reason={readOnly} />}
        {phase.kind === 'report' ? (
          <ImportReportView report={phase.report} />
        ) : phase.kind === 'sheets' ? (
          <Radio.Group
            label={`This file has ${phase.sheets.length} sheets. Which should be imported?`}
            value={phase.choice}
            onChange={(choice) => setPhase({ ...phase, choice })}
          >
            <Stack gap={6} mt="xs">
              {phase.sheets.map((s, i) => (
                <Radio
                  key={i}
                  value={String(i)}
                  label={sheetLabel(s, i)}
                  disabled={s.empty}
                  description={s.empty ? 'Empty: nothing to import' : `${s.topics} topics`}
                />
              ))}
              <Radio
                value="all"
                label="All sheets"
                description={
                  phase.sheets.some((s) => s.empty)
                    ? 'Each sheet becomes a main branch under one root; empty sheets are skipped'
                    : 'Each sheet becomes a main branch under one root'
                }
              />
            </Stack>
          </Radio.Group>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Importing replaces the current map. It is kept in this browser, so "Restore previous map" brings it
              back, even after a reload.
            </Text>
            <SharedReplaceNote />
            <RestorePreviousButton before={close} />
            <FileButton onChange={onFile} accept={IMPORT_ACCEPT} resetRef={resetFile}>
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={busy} disabled={readOnly !== null}>
                  Select JSON File
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              It also opens FreeMind and Freeplane (.mm), XMind, OPML, Markdown and indented text files. You can
              also drop a file on the canvas.
            </Text>
            <Textarea
              label="Paste JSON, Markdown, OPML or an outline"
              placeholder={'{"nodes": [...], "edges": [...]}\n\nor\n\nProject\n\tGoals\n\tRisks'}
              // Growing to fit measures the whole text on every render: a pasted map of megabytes
              // held the page for seconds at each progress step.
              autosize={text.length < AUTOSIZE_MAX_CHARS}
              minRows={6}
              maxRows={12}
              rows={text.length < AUTOSIZE_MAX_CHARS ? undefined : 12}
              value={text}
              disabled={busy}
              onChange={(e) => {
                setText(e.currentTarget.value);
                setError(null);
              }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
            />
          </>
        )}
        {phase.kind === 'busy' && phase.slow ? (
          <Stack gap={4}>
            <Text size="xs" c="dimmed" aria-live="polite">
              {progressOf(phase.progress).label}
            </Text>
            <Progress value={progressOf(phase.progress).value} animated striped aria-label="Import progress" />
          </Stack>
        ) : null}
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {phase.kind === 'report' ? (
            <>
              <Button variant="default" onClick={() => setPhase({ kind: 'idle' })}>
                Import another
              </Button>
              <Button onClick={close}>Close</Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={close}>
                {saving ? 'Close' : 'Cancel'}
              </Button>
              {phase.kind === 'sheets' ? (
                <Button
                  disabled={readOnly !== null}
                  onClick={() => start({ ...phase.request, sheet: phase.choice === 'all' ? 'all' : Number(phase.choice) })}
                >
                  Import
                </Button>
              ) : (
                <Button disabled={text.trim() === '' || busy || readOnly !== null} onClick={() => start({ text })}>
                  Import
                </Button>
              )}
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
