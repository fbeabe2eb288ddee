import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from '@/lib/preloadable';

function greeting() {
  return preloadable(() => Promise.resolve(({ name }: { name: string }) => <p>Bonjour {name}</p>));
}

describe('preloadable', () => {
  it('renders at once, never through its fallback, when its code was loaded before', async () => {
    const part = greeting();
    await part.load();
    const Fallback = vi.fn(() => <p>Chargement…</p>);

    render(
      <Suspense fallback={<Fallback />}>
        <part.Component name="Marie" />
      </Suspense>,
    );

    expect(screen.getByText('Bonjour Marie')).toBeInTheDocument();
    expect(Fallback).not.toHaveBeenCalled();
  });

  it('suspends until its code is in when nothing loaded it before', async () => {
    const part = greeting();

    render(
      <Suspense fallback={<p>Chargement…</p>}>
        <part.Component name="Marie" />
      </Suspense>,
    );

    expect(screen.getByText('Chargement…')).toBeInTheDocument();
    expect(await screen.findByText('Bonjour Marie')).toBeInTheDocument();
  });
});
