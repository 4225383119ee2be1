import { useState } from 'react';
import type { Member } from '../../../../shared/schemas/projects';
import { notifyError } from '../../../lib/notify';
import { useAddComment } from '../api/topics';
import { mentionedIds } from '../components/mention-textarea';

/** An answer to a topic: its text, and sending it with the members it mentions; the field empties once sent. */
export function useTopicReply(rootId: number, unitId: number, topicId: number, members: Member[]) {
  const comment = useAddComment(rootId, unitId);
  const [text, setText] = useState('');
  const send = () =>
    comment.mutate(
      { topicId, text: text.trim(), mentionUserIDs: mentionedIds(text, members) },
      { onSuccess: () => setText(''), onError: (e) => notifyError(e) },
    );
  return { text, setText, canSend: text.trim() !== '', send, sending: comment.isPending };
}
