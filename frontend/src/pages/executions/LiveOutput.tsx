import { Alert, Card, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/http';
import { StatusTag } from './StatusTag';
import { applyDelta, followOutput, type LiveState } from './liveStream';
import type { ExecutionStatus } from './types';
import { t } from '../../i18n';

interface Props {
  executionId: number | string;
  /** Called once when the run reached its final status (the page reloads the run). */
  onEnd: () => void;
}

/**
 * The output and progress of a run while it runs, as crony-web streams them: the output
 * grows as it arrives (scrolled to its end unless the reader scrolled up), the progress
 * and the last reported message follow, and the panel stops at the run's final status.
 */
export function LiveOutput(props: Props) {
  // keyed by the run, so another run (the page follows a link to the next attempt) starts
  // from empty state instead of resetting it in an effect
  return <RunOutput key={props.executionId} {...props} />;
}

function RunOutput({ executionId, onEnd }: Props) {
  const [output, setOutput] = useState('');
  const [state, setState] = useState<LiveState | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [ended, setEnded] = useState(false);
  const pre = useRef<HTMLPreElement>(null);
  const follow = useRef(true);
  const endRef = useRef(onEnd);
  useEffect(() => {
    endRef.current = onEnd;
  }, [onEnd]);

  useEffect(() => {
    const abort = new AbortController();
    let finished = false;
    const follow = async () => {
      // a stream closes after crony.web.output-stream.max-duration: open the next one,
      // which starts again from the whole output (offset 0); one that brought nothing
      // (the run is gone) is not opened again
      for (let events = 1; events > 0 && !finished && !abort.signal.aborted; ) {
        events = 0;
        await followOutput(
          executionId,
          (event) => {
            events++;
            if (event.type === 'output') setOutput((held) => applyDelta(held, event.data));
            else setState(event.data);
            if (event.type === 'end') {
              finished = true;
              setEnded(true);
              endRef.current();
            }
          },
          abort.signal,
        );
      }
    };
    follow().catch((e: unknown) => {
      if (abort.signal.aborted) return;
      setFailure(e instanceof ApiError ? e.message : t('executions.liveOutputBrokeOff'));
    });
    return () => abort.abort();
  }, [executionId]);

  useEffect(() => {
    const element = pre.current;
    if (element && follow.current) element.scrollTop = element.scrollHeight;
  }, [output]);

  const status: ExecutionStatus | undefined = state?.status;
  const progress = state?.progress;
  return (
    <Card
      size="small"
      title={t('executions.liveOutput')}
      style={{ marginTop: 16 }}
      extra={status && <StatusTag status={status} />}
      data-testid="live-output"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {failure && <Alert type="warning" showIcon message={failure} />}
        {progress !== null && progress !== undefined && (
          <Progress percent={progress} size="small" status={ended ? undefined : 'active'} />
        )}
        {state?.message && <Typography.Text data-testid="live-message">{state.message}</Typography.Text>}
        <pre
          ref={pre}
          data-testid="live-output-text"
          onScroll={(e) => {
            const element = e.currentTarget;
            follow.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
          }}
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0, maxHeight: 400, overflow: 'auto' }}
        >
          {output || (ended ? '' : t('executions.waitingForOutput'))}
        </pre>
      </Space>
    </Card>
  );
}
