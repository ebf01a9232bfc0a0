import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveOutput } from './LiveOutput';

/** A fetch answering the stream with these chunks, each pushed when the test says. */
function streamingFetch() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const fetchMock = vi.fn(async () => new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
  vi.stubGlobal('fetch', fetchMock);
  const encoder = new TextEncoder();
  return {
    fetchMock,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

describe('LiveOutput', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('appends the output as it arrives, shows progress and message, and stops at the end', async () => {
    const stream = streamingFetch();
    const onEnd = vi.fn();
    render(<LiveOutput executionId={7} onEnd={onEnd} />);

    stream.push('event:output\ndata:{"offset":0,"text":"a\\n"}\n\nevent:state\ndata:{"status":"RUNNING","progress":40,');
    stream.push('"message":"reading files"}\n\n');
    await waitFor(() => expect(screen.getByTestId('live-output-text').textContent).toBe('a\n'));
    expect(screen.getByTestId('live-message').textContent).toBe('reading files');
    expect(document.querySelector('.ant-progress')).not.toBeNull();

    stream.push('event:output\ndata:{"offset":2,"text":"b\\n"}\n\n');
    await waitFor(() => expect(screen.getByTestId('live-output-text').textContent).toBe('a\nb\n'));
    expect(onEnd).not.toHaveBeenCalled();

    stream.push('event:end\ndata:{"status":"SUCCEEDED","progress":100}\n\n');
    stream.close();
    await waitFor(() => expect(onEnd).toHaveBeenCalledTimes(1));
    const [url, init] = stream.fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/executions/7/output/stream');
    // the session cookie goes with it; no token in a header, none in the URL
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('opens the next stream when one closes before the run ended, starting again from the whole output', async () => {
    const bodies = [
      'event:output\ndata:{"offset":0,"text":"a\\n"}\n\n',
      'event:output\ndata:{"offset":0,"text":"a\\nb\\n"}\n\nevent:end\ndata:{"status":"FAILED"}\n\n',
    ];
    const fetchMock = vi.fn(async () => new Response(bodies.shift() ?? '', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const onEnd = vi.fn();
    render(<LiveOutput executionId={7} onEnd={onEnd} />);
    await waitFor(() => expect(onEnd).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('live-output-text').textContent).toBe('a\nb\n');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says why when the server refuses the stream', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 429, title: 'Too Many Requests', detail: 'All 100 live output streams are open' }), { status: 429 })),
    );
    render(<LiveOutput executionId={7} onEnd={() => {}} />);
    await screen.findByText('All 100 live output streams are open');
  });
});
