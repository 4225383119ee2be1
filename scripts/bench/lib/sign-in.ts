/** The demo users' password (seeded by `seedDemoIfEmpty`). */
export const DEMO_PASSWORD = 'Demo-2026';

/** Signs in over HTTP and returns the session cookie (`name=value`) for later requests. */
export async function signInCookie(base: string, login: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ login, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${login}: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}
