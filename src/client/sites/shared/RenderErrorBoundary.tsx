import { Component, type ReactNode } from 'react';
import { errorDetail } from './errorText';
import { ErrorScreen } from './ErrorScreen';

interface Props {
  homePath?: string;
  /** Passed to the error screen (ErrorScreen `extraAction`). */
  extraAction?: ReactNode;
  /** A new value (the router's location) clears a caught error, as React Router's own boundary does. */
  resetKey?: unknown;
  children: ReactNode;
}

interface State {
  caught: { error: unknown } | null;
  resetKey: unknown;
}

/** Shows the error screen when a page throws while rendering (or its code fails to load). */
export class RenderErrorBoundary extends Component<Props, State> {
  override state: State = { caught: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { caught: null, resetKey: props.resetKey };
  }

  override render() {
    const { caught } = this.state;
    if (!caught) return this.props.children;
    return (
      <ErrorScreen
        detail={errorDetail(caught.error)}
        homePath={this.props.homePath}
        extraAction={this.props.extraAction}
      />
    );
  }
}
