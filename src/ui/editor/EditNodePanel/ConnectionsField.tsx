/**
 * The topic's connections (edges the user drew to or from other topics, not its parent's or its
 * children's), each with a button that removes it (one undo step). Shown only when there are some.
 */
import { CloseButton, Group, Input, Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import { edgeIdsOf, getEdge, getNode, type MindMapState } from '../../../state/doc';
import { disconnect } from '../../../state/operations';
import { useEditorSelector } from '../../hooks/useEditorState';
import { useEditor } from '../EditorContext';

interface Connection {
  id: string;
  /** To the other topic (this one is the source), or from it. */
  out: boolean;
  label: string;
}

/** The topic's connections as one line each (a string, so the panel renders again only when they change). */
export function connectionLines(s: MindMapState, nodeId: string): string {
  const lines: string[] = [];
  for (const eid of edgeIdsOf(s, nodeId)) {
    const e = getEdge(s, eid);
    if (!e) continue;
    const out = e.source === nodeId;
    const other = getNode(s, out ? e.target : e.source);
    const child = getNode(s, e.target);
    if (!other || child?.parentId === e.source) continue;
    lines.push(`${eid}\t${out ? '>' : '<'}\t${other.data.label.replace(/\s+/g, ' ')}`);
  }
  return lines.join('\n');
}

function parse(lines: string): Connection[] {
  if (lines === '') return [];
  return lines.split('\n').map((line) => {
    const [id, dir, label] = line.split('\t');
    return { id, out: dir === '>', label };
  });
}

export function ConnectionsField({ nodeId, readOnly }: { nodeId: string; readOnly: boolean }) {
  const { session } = useEditor();
  const { store } = session;
  const select = useCallback((s: MindMapState) => connectionLines(s, nodeId), [nodeId]);
  const connections = parse(useEditorSelector(store, select));
  if (connections.length === 0) return null;
  return (
    <Input.Wrapper label="Connections" labelElement="div" id="mf-connections" size="xs">
      <Stack component="ul" aria-labelledby="mf-connections-label" gap={2} style={{ listStyle: 'none', padding: 0, margin: '2px 0 0' }}>
        {connections.map((c) => {
          const name = c.label.trim() === '' ? 'Untitled' : c.label;
          return (
            <Group component="li" key={c.id} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs" truncate title={name}>
                {c.out ? 'To' : 'From'} “{name}”
              </Text>
              <CloseButton
                size="sm"
                disabled={readOnly}
                aria-label={`Remove connection ${c.out ? 'to' : 'from'} “${name}”`}
                onClick={() => disconnect(store, c.id)}
              />
            </Group>
          );
        })}
      </Stack>
    </Input.Wrapper>
  );
}
