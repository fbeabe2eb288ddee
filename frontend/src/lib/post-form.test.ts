import { afterEach, describe, expect, it, vi } from 'vitest';
import { postForm } from './post-form';

/** What each form posted: where to, how, and its fields as the browser would send them. */
function recordPostedForms() {
  const posted: { action: string; method: string; fields: [string, string][]; inPage: boolean }[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push({
      action: this.action,
      method: this.method,
      fields: [...new FormData(this).entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]),
      inPage: document.body.contains(this),
    });
  });
  return posted;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('postForm', () => {
  it('posts exactly the fields given, as they are, to the address given, from the page', () => {
    const posted = recordPostedForms();
    const champs = {
      vads_amount: '3850',
      vads_order_id: 'CMD0001',
      vads_url_return: 'https://portail.example/mutuelle/cotisations/paiement/CMD0001?a=1&b=2',
      signature: 'k2P/9q+Xw==',
    };

    postForm('https://paiement.example/vads-payment/', champs);

    expect(posted).toEqual([
      {
        action: 'https://paiement.example/vads-payment/',
        method: 'post',
        fields: Object.entries(champs),
        inPage: true,
      },
    ]);
  });

  it('shows nothing of the form it posts', () => {
    recordPostedForms();
    postForm('https://paiement.example/vads-payment/', { signature: 'x' });
    const form = document.querySelector('form');
    expect(form).not.toBeNull();
    expect(form).not.toBeVisible();
    expect(form?.querySelectorAll('input:not([type="hidden"])')).toHaveLength(0);
  });
});
