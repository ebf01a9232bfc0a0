import { describe, expect, it } from 'vitest';
import { applyDelta, EventStreamParser } from './liveStream';

describe('EventStreamParser', () => {
  it('reads the events of a stream as crony-web writes them', () => {
    const parser = new EventStreamParser();
    const events = parser.push(
      'event:output\ndata:{"offset":0,"text":"a\\n"}\n\nevent:state\ndata:{"status":"RUNNING","progress":40,"message":"reading"}\n\n',
    );
    expect(events).toEqual([
      { type: 'output', data: { offset: 0, text: 'a\n' } },
      { type: 'state', data: { status: 'RUNNING', progress: 40, message: 'reading' } },
    ]);
  });

  it('joins an event cut across chunks anywhere, even between \\r and \\n', () => {
    const parser = new EventStreamParser();
    const stream = 'event: end\r\ndata: {"status":"SUCCEEDED","progress":100}\r\n\r\n';
    const seen = [];
    for (const ch of stream) seen.push(...parser.push(ch));
    expect(seen).toEqual([{ type: 'end', data: { status: 'SUCCEEDED', progress: 100 } }]);
  });

  it('skips comments, unknown events and data that is not JSON', () => {
    const parser = new EventStreamParser();
    expect(parser.push(': keep-alive\n\nevent:other\ndata:{}\n\nevent:state\ndata:oops\n\n')).toEqual([]);
    expect(parser.push('event:state\ndata:{"status":"RUNNING"}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ type: 'state', data: { status: 'RUNNING' } }]);
  });
});

describe('applyDelta', () => {
  it('appends a delta at the end and replaces from an earlier offset', () => {
    expect(applyDelta('a\n', { offset: 2, text: 'b\n' })).toBe('a\nb\n');
    expect(applyDelta('head… 10 bytes dropped', { offset: 6, text: '250 bytes dropped' })).toBe('head… 250 bytes dropped');
    expect(applyDelta('anything', { offset: 0, text: 'new' })).toBe('new');
  });
});
