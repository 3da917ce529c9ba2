/**
 * The fidelity report of an import: the one-line summary, then per feature what was found, kept,
 * converted (into what) and dropped with example topic paths, the warnings and the choices made.
 * Every string from the file is rendered as a React text node.
 */
import { Accordion, Badge, Box, Button, Group, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { FeatureCount, ImportReport } from '../../../state/interop/report';
import { summaryLine } from '../../../state/interop/report';
import { downloadBlob } from '../export/download';
import { outcomeLine, reportFileName, reportJson } from '../import/reportFile';

function FeatureDetails({ f }: { f: FeatureCount }) {
  return (
    <Stack gap={6}>
      <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={2}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Found</Table.Th>
            <Table.Th>Kept</Table.Th>
            <Table.Th>Converted</Table.Th>
            <Table.Th>Dropped</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{f.found}</Table.Td>
            <Table.Td>{f.kept}</Table.Td>
            <Table.Td>{f.converted ? `${f.converted}${f.into ? ` to ${f.into}` : ''}` : 0}</Table.Td>
            <Table.Td>{f.dropped}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {f.examples.length ? (
        <>
          <Text size="xs" c="dimmed">
            For example at
          </Text>
          <List size="xs" spacing={2}>
            {f.examples.map((path) => (
              <List.Item key={path}>{path}</List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}

function Notes({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <List size="sm" spacing={2}>
        {items.map((m) => (
          <List.Item key={m}>{m}</List.Item>
        ))}
      </List>
    </div>
  );
}

export function ImportReportView({ report }: { report: ImportReport }) {
  const download = () => downloadBlob(new Blob([reportJson(report)], { type: 'application/json' }), reportFileName());
  return (
    <Box component="section" aria-label="Import report">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
              Import report
            </Text>
            <Badge variant="light" color="violet" style={{ flexShrink: 0 }}>
              {report.format}
            </Badge>
          </Group>
          <Button variant="light" size="xs" onClick={download}>
            Download report
          </Button>
        </Group>
        {report.fileName ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {report.fileName}
          </Text>
        ) : null}
        <Text size="sm" data-testid="import-summary">
          {summaryLine(report)}
        </Text>
        {/* The details scroll on their own, so the dialog's buttons stay in view. */}
        <ScrollArea.Autosize mah="30vh" type="auto" offsetScrollbars>
          <Stack gap="sm">
            {report.features.length ? (
              <Accordion multiple variant="contained" chevronPosition="left">
                {report.features.map((f) => (
                  <Accordion.Item key={f.feature} value={f.feature}>
                    <Accordion.Control>
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text size="sm">{f.feature}</Text>
                        <Text size="xs" c="dimmed" ta="right">
                          {outcomeLine(f)}
                        </Text>
                      </Group>
                    </Accordion.Control>
                    <Accordion.Panel>
                      <FeatureDetails f={f} />
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            ) : null}
            <Notes title="Warnings" items={report.warnings} />
            <Notes title="Choices made" items={report.choices} />
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Box>
  );
}
