import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
