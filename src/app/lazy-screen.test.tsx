import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

/** A promise with its resolve and reject, for code that arrives when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(cleanup);

function Hello() {
  return <h1>Hello screen</h1>;
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{String(this.state.error)}</p> : this.props.children;
  }
}

describe('a screen in its own chunk', () => {
  it('renders in the first pass when its code was loaded before it mounts (no spinner first)', async () => {
    const { Screen, load } = lazyScreen(() => Promise.resolve(Hello));
    await load();
    render(<Screen />);
    // Synchronously, in the render that mounted it.
    expect(screen.getByRole('heading', { name: 'Hello screen' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a spinner while its code is on the way, then the screen', async () => {
    const code = deferred<typeof Hello>();
    const { Screen } = lazyScreen(() => code.promise);
    render(<Screen />);
    expect(screen.getByRole('status')).toBeTruthy();
    await act(async () => code.resolve(Hello));
    expect(screen.getByRole('heading', { name: 'Hello screen' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('loads its code once, however often it is asked for', async () => {
    let imports = 0;
    const { Screen, load } = lazyScreen(() => {
      imports += 1;
      return Promise.resolve(Hello);
    });
    await Promise.all([load(), load()]);
    render(<Screen />);
    render(<Screen />);
    expect(imports).toBe(1);
  });

  it('shows a failed load through the error boundary, and tries again when asked later', async () => {
    let attempt = 0;
    const { Screen, load } = lazyScreen(() => {
      attempt += 1;
      return attempt === 1 ? Promise.reject(new Error('chunk missing')) : Promise.resolve(Hello);
    });
    render(
      <Boundary>
        <Screen />
      </Boundary>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('chunk missing');
    await expect(load()).resolves.toBe(Hello);
  });
});
