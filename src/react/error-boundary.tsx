import { Component, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  /** What shows instead of the children once they failed to render. */
  readonly fallback: ReactNode;
  /** Rendering starts over when this changes (a new answer gets a fresh try). */
  readonly resetKey?: unknown;
  readonly children?: ReactNode;
}

interface ErrorBoundaryState {
  readonly failedFor: unknown;
  readonly failed: boolean;
}

/**
 * Keeps a rendering failure inside the dialog: the children are replaced by the fallback, and
 * nothing propagates to the host's React root (which would unmount the host's own content with it).
 * Nothing is logged: the fallback says what happened.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failedFor: undefined, failed: false };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (!state.failed) return { failedFor: props.resetKey };
    // A new answer (or a new run) gets a fresh try.
    return Object.is(props.resetKey, state.failedFor) ? null : { failed: false, failedFor: props.resetKey };
  }

  override componentDidCatch() {
    // Caught on purpose; the fallback is the report.
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
