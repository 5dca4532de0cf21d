import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router';
import { RouteErrorPage } from './pages/route-error-page';

interface Props {
  location: Location;
  children: ReactNode;
}
interface State {
  error: unknown;
  location: Location;
}

/** A crash while rendering a route (or a chunk that failed to load) shows the error page; moving on clears it. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}
