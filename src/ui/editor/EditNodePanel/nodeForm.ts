/** The Edit Node panel's form values and their conversion to the state module's NodeDataInput. */
import type { NodeDataInput } from '../../../state/operations';
import type { Animation, AttachmentType, NodeData, Priority } from '../../../state/model';

export interface NodeFormValues {
  label: string;
  color: string;
  priority: Priority | '';
  animation: Animation;
  notes: string;
  attachmentType: AttachmentType;
  attachmentUrl: string;
  attachmentTitle: string;
  tags: string[];
}

export function formFromData(data: NodeData): NodeFormValues {
  return {
    label: data.label,
    color: data.color,
    priority: data.priority ?? '',
    animation: data.animation,
    notes: data.notes ?? '',
    attachmentType: data.attachment?.type ?? 'link',
    attachmentUrl: data.attachment?.url ?? '',
    attachmentTitle: data.attachment?.title ?? '',
    tags: data.tags?.slice() ?? [],
  };
}

export function inputFromForm(v: NodeFormValues): NodeDataInput {
  return {
    label: v.label,
    color: v.color,
    animation: v.animation,
    priority: v.priority === '' ? null : v.priority,
    notes: v.notes,
    tags: v.tags,
    attachment: v.attachmentUrl.trim() ? { type: v.attachmentType, url: v.attachmentUrl, title: v.attachmentTitle } : null,
  };
}
