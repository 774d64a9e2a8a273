import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, ok, on, renderEducatorApp } from '../testing/educatorTestKit';

const profile = { id: 'a1b2c3d4e5f6a1b2c3d4e5f6', displayName: 'Meera Iyer', photoUrl: '', hasUploadedPhoto: false, bio: '', qualifications: '' };
const png = (bytes: number) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

describe('Settings: the photo', () => {
  it('uploads a chosen photo as the multipart field `photo`, shows it, and can remove it', async () => {
    const user = userEvent.setup();
    const uploaded = { ...profile, photoUrl: '/api/educators/a1b2c3d4e5f6a1b2c3d4e5f6/photo?v=1', hasUploadedPhoto: true };
    const seen = fakeServer(
      on('GET', '/api/educator/profile', ok({ profile })),
      on('PUT', '/api/educator/profile/photo', ok({ profile: uploaded })),
      on('DELETE', '/api/educator/profile/photo', ok({ profile })),
    );
    renderEducatorApp('/educator/settings');
    const section = await screen.findByRole('region', { name: 'Your photo' });
    await user.upload(within(section).getByLabelText('Upload a photo'), png(100));
    expect(await screen.findByText('Photo saved')).toBeInTheDocument();
    const sent = seen.find((request) => request.method === 'PUT')!;
    expect((sent.body as FormData).get('photo')).toBeInstanceOf(File);
    expect(within(section).getByRole('img', { name: 'Photo of Meera Iyer' })).toHaveAttribute('src', uploaded.photoUrl);
    await user.click(within(section).getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Photo removed')).toBeInTheDocument();
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();
  });

  it('refuses a photo over 2 MB or of another type in words, before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const seen = fakeServer(on('GET', '/api/educator/profile', ok({ profile })));
    renderEducatorApp('/educator/settings');
    const field = within(await screen.findByRole('region', { name: 'Your photo' })).getByLabelText('Upload a photo');
    await user.upload(field, png(2 * 1024 * 1024 + 1));
    expect(field).toHaveAccessibleDescription(/The photo is larger than 2 MB. Choose a smaller one/);
    await user.upload(field, new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(field).toHaveAccessibleDescription(/The photo must be a PNG, JPEG or WebP picture/);
    expect(seen.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});

describe('Settings: the profile', () => {
  it('asks before leaving with unsaved changes, and not once they are saved', async () => {
    const user = userEvent.setup();
    fakeServer(
      on('GET', '/api/educator/profile', ok({ profile })),
      on('PUT', '/api/educator/profile', ok({ profile: { ...profile, bio: 'Physics teacher' } })),
      on('GET', '/api/educator/courses', ok({ courses: [] })),
    );
    const { location } = renderEducatorApp('/educator/settings');
    await user.type(await screen.findByLabelText('Bio'), '  Physics teacher ');
    const menu = screen.getByRole('navigation', { name: 'Educator' });
    await user.click(within(menu).getByRole('link', { name: 'My Courses' }));
    const question = screen.getByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Stay on this page' }));
    expect(location()).toBe('/educator/settings');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    await user.click(within(menu).getByRole('link', { name: 'My Courses' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(location()).toBe('/educator/my-courses');
  });
});
