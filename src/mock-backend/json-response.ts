/** A JSON answer of the simulated backend. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** nr-llm's error body: `{ success: false, error }`. */
export const fail = (status: number, error: string) => json({ success: false, error }, status);

/** The request's JSON body, or a 400 answer when it is not JSON. */
export async function readJsonRequest(
  request: Request,
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  try {
    return { ok: true, body: JSON.parse(await request.text()) };
  } catch {
    return { ok: false, response: fail(400, 'The request body is not JSON.') };
  }
}
