/** The test users' passwords (fixture.php sets the editors'; install.sh the administrator's). */
export const PASSWORDS: Record<string, string> = {
  admin: 'Admin-Pass-1234!',
  editor: 'Editor-Pass-1234!',
  plain: 'Editor-Pass-1234!',
  redakteur: 'Editor-Pass-1234!',
};

/** TYPO3's backend session cookie. */
export const SESSION_COOKIE = 'be_typo_user';

/** The cookies a response sets, by name (their values only). */
function cookiesOf(response: Response): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const at = pair!.indexOf('=');
    if (at > 0) cookies[pair!.slice(0, at).trim()] = pair!.slice(at + 1).trim();
  }
  return cookies;
}

/**
 * Logs `user` in through TYPO3's login form over plain HTTP — the form's request token and its nonce
 * cookie, then the credentials — and returns the backend session's cookie value.
 */
export async function formLogin(base: string, user: string): Promise<string> {
  const form = await fetch(`${base}/typo3/`, { redirect: 'manual' });
  const html = await form.text();
  const token = /name="__RequestToken" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`no login form at ${base}/typo3/ (${form.status})`);
  const nonce = Object.entries(cookiesOf(form))
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const login = await fetch(`${base}/typo3/login?loginProvider=1433416747`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: nonce },
    body: new URLSearchParams({
      login_status: 'login',
      username: user,
      userident: PASSWORDS[user] ?? 'Editor-Pass-1234!',
      __RequestToken: token,
      redirect_url: '',
    }),
  });
  const session = cookiesOf(login)[SESSION_COOKIE];
  if (login.status !== 303 || !session) throw new Error(`${user} could not log in (${login.status})`);
  return session;
}
