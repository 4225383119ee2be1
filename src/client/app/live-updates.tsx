import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectLiveUpdates } from '../lib/live-updates';
import { queryKeys } from '../lib/query-keys';

/** Holds the tab's one live stream while a user is signed in (mounted by the shell). */
export function LiveUpdates({ userId }: { userId: number }) {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const connection = connectLiveUpdates(client, () => {
      // The session ended elsewhere (signed out in another tab, expired): the app asks again.
      void client.invalidateQueries({ queryKey: queryKeys.account.me() });
    });
    return () => connection.close();
  }, [client, userId]);
  return null;
}
