/**
 * Reads a run's live output stream (GET /executions/{id}/output/stream, server-sent
 * events) with fetch rather than EventSource: fetch sends the session cookie and the
 * department header, where EventSource could send no header at all.
 */
import { buildUrl, sessionHeaders, toApiError } from '../../api/http';
import type { ExecutionStatus } from './types';

/** `output`: keep the first `offset` characters of the output held, then append `text`. */
export interface OutputDelta {
  offset: number;
  text: string;
}

/** `state` while the run goes on, `end` at its final status (the stream then closes). */
export interface LiveState {
  status: ExecutionStatus;
  progress?: number | null;
  message?: string | null;
  error?: string | null;
}

export type LiveEvent =
  | { type: 'output'; data: OutputDelta }
  | { type: 'state'; data: LiveState }
  | { type: 'end'; data: LiveState };

const KNOWN = new Set(['output', 'state', 'end']);

/**
 * Splits a server-sent event stream into events as its chunks arrive (a chunk may end
 * anywhere, even inside a line). Comments (`: keep-alive`) and unknown events are skipped.
 */
export class EventStreamParser {
  private buffer = '';
  private name = '';
  private data: string[] = [];

  push(chunk: string): LiveEvent[] {
    this.buffer += chunk;
    const events: LiveEvent[] = [];
    let newline: number;
    while ((newline = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, newline);
      const width = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      // a lone \r at the chunk's end may be the first half of \r\n: wait for more
      if (this.buffer[newline] === '\r' && newline + 1 === this.buffer.length) break;
      this.buffer = this.buffer.slice(newline + width);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): LiveEvent | undefined {
    if (line === '') {
      const name = this.name || 'message';
      const data = this.data.join('\n');
      this.name = '';
      this.data = [];
      if (!KNOWN.has(name) || data === '') return undefined;
      try {
        return { type: name, data: JSON.parse(data) } as LiveEvent;
      } catch {
        return undefined;
      }
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.name = value;
    else if (field === 'data') this.data.push(value);
    return undefined;
  }
}

/** The output held after a delta. */
export function applyDelta(output: string, delta: OutputDelta): string {
  return output.slice(0, Math.min(delta.offset, output.length)) + delta.text;
}

/**
 * Opens the stream and calls `onEvent` for each event until it ends or `signal` aborts.
 * Rejects with an ApiError when the server refuses it (404, 429 …).
 */
export async function followOutput(
  id: number | string,
  onEvent: (event: LiveEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const headers = { Accept: 'text/event-stream, application/problem+json', ...sessionHeaders('GET') };
  // the session cookie, never a token in the URL
  const response = await fetch(buildUrl(`/executions/${id}/output/stream`), { headers, signal, credentials: 'same-origin' });
  if (!response.ok) throw await toApiError(response);
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new EventStreamParser();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    parser.push(value).forEach(onEvent);
  }
}
