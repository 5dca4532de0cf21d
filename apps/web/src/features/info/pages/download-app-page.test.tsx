import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, testConfig } from '../../../test/render-in-app';
import { DownloadAppPage } from './download-app-page';

describe('DownloadAppPage: Next step, a QR code and a store link per platform', () => {
  it("shows 'Next step' with a QR code and a store link for iOS and for Android, from the server's configuration", () => {
    renderInApp(<DownloadAppPage />);
    expect(screen.getByRole('heading', { name: 'Next step' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code: Download on the App Store link' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code: Get it on Google Play link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
      'href',
      testConfig.downloadApp.iosUrl,
    );
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
      'href',
      testConfig.downloadApp.androidUrl,
    );
  });
});

describe('DownloadAppPage: installing the web app', () => {
  it('offers INSTALL LEADCIRCLE once the browser offers installation, and shows the browser’s dialog', async () => {
    const { listenForInstallPrompt } = await import('../../../lib/install-prompt');
    listenForInstallPrompt();
    renderInApp(<DownloadAppPage />);
    expect(screen.queryByRole('button', { name: 'INSTALL LEADCIRCLE' })).toBeNull();
    const prompt = vi.fn(async () => {});
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    expect(offer.defaultPrevented).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'INSTALL LEADCIRCLE' }));
    expect(prompt).toHaveBeenCalledOnce();
    // The store links stay.
    expect(screen.getByRole('link', { name: 'Download on the App Store' })).toBeInTheDocument();
  });

  it('shows Safari’s Add to Home Screen steps on an iPhone', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    );
    renderInApp(<DownloadAppPage />);
    expect(screen.getByText('Choose Add to Home Screen.')).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
