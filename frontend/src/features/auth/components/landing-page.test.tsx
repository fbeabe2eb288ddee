import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LandingPage } from './landing-page';

// Texts are spelled out rather than read from the catalogue, so that a changed wording
// (they come from the specification) makes a test fail.
describe('LandingPage', () => {
  it('welcomes the member with the exact heading', () => {
    render(<LandingPage />);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Bienvenue sur votre espace assuré',
    );
  });

  it('links "Se connecter" to the server login, returning to the home page', () => {
    render(<LandingPage />);

    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/auth/login?returnTo=/home',
    );
  });

  it('has a banner and a main landmark', () => {
    render(<LandingPage />);

    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});
