/**
 * The "Export" menu: JSON, Markdown, OPML, FreeMind, XMind, SVG, PNG and PDF of the whole map, each
 * announced by a toast, plus a second toast naming what the format could not hold.
 */
import { Button, Loader, Menu } from '@mantine/core';
import { useState } from 'react';
import { EXPORT_FORMATS, type ExportFormatId } from '../../state/interop/exportFormats';
import { MESSAGES } from '../../state/model';
import { useEditor } from './EditorContext';
import { exportFormatFile, exportJsonFile, exportPdfFile, exportPngFile, exportSvgFile, type ExportResult } from './export/exportMap';
import { IconChevronDown } from './icons';
import { notifyError, notifySuccess, notifyWarning } from './notify';

type Format = ExportFormatId | 'svg' | 'png' | 'pdf';

// The file formats from the state module's table, then the pictures drawn here.
const ITEMS: { format: Format; label: string }[] = [
  ...EXPORT_FORMATS.map((f) => ({ format: f.id, label: f.label })),
  { format: 'svg', label: 'SVG' },
  { format: 'png', label: 'PNG' },
  { format: 'pdf', label: 'PDF' },
];

export function ExportMenu({ performanceMode }: { performanceMode: boolean }) {
  const { session, theme } = useEditor();
  const [busy, setBusy] = useState<Format | null>(null);

  const run = async (format: Format) => {
    if (busy !== null) return;
    const state = session.store.getState();
    setBusy(format);
    try {
      const options = { theme, straight: performanceMode, grid: true };
      let result: ExportResult;
      if (format === 'json') result = exportJsonFile(state);
      else if (format === 'svg') result = await exportSvgFile(state, options);
      else if (format === 'png') result = await exportPngFile(state, options);
      else if (format === 'pdf') result = await exportPdfFile(state, options);
      else result = await exportFormatFile(format, state);
      notifySuccess(
        MESSAGES.exportTitle,
        result.scaledNote ? `${MESSAGES.exportBody(result.fileName)}. ${result.scaledNote}` : MESSAGES.exportBody(result.fileName),
      );
      if (result.lost) notifyWarning('Not everything could be exported', result.lost);
    } catch (error) {
      notifyError('Export Failed', error instanceof Error ? error.message : 'The map could not be exported.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        {/* Busy without `loading`: that disables the button, which drops the focus the menu gives it back. */}
        <Button
          variant="default"
          size="xs"
          px={4}
          rightSection={busy !== null ? <Loader size={12} /> : <IconChevronDown size={12} />}
          aria-busy={busy !== null}
          fullWidth
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Export the whole map as</Menu.Label>
        {ITEMS.map(({ format, label }) => (
          <Menu.Item key={format} onClick={() => void run(format)}>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
