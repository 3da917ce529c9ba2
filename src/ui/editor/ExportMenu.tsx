/** The "Export" menu: JSON, PNG, PDF of the whole map, each announced by a toast. */
import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES } from '../../state/model';
import { useEditor } from './EditorContext';
import { exportJsonFile, exportPdfFile, exportPngFile, type ExportResult } from './export/exportMap';
import { IconChevronDown } from './icons';
import { notifyError, notifySuccess } from './notify';

type Format = 'json' | 'png' | 'pdf';

export function ExportMenu({ performanceMode }: { performanceMode: boolean }) {
  const { session, theme } = useEditor();
  const [busy, setBusy] = useState<Format | null>(null);

  const run = async (format: Format) => {
    const state = session.store.getState();
    setBusy(format);
    try {
      const options = { theme, straight: performanceMode, grid: true };
      let result: ExportResult;
      if (format === 'json') result = exportJsonFile(state);
      else if (format === 'png') result = await exportPngFile(state, options);
      else result = await exportPdfFile(state, options);
      notifySuccess(
        MESSAGES.exportTitle,
        result.scaledNote ? `${MESSAGES.exportBody(result.fileName)}. ${result.scaledNote}` : MESSAGES.exportBody(result.fileName),
      );
    } catch (error) {
      notifyError('Export Failed', error instanceof Error ? error.message : 'The map could not be exported.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="default" size="xs" px={4} rightSection={<IconChevronDown size={12} />} loading={busy !== null} fullWidth>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Export the whole map as</Menu.Label>
        <Menu.Item onClick={() => void run('json')}>JSON</Menu.Item>
        <Menu.Item onClick={() => void run('png')}>PNG</Menu.Item>
        <Menu.Item onClick={() => void run('pdf')}>PDF</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
