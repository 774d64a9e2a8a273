// The platform's test kit, under the names these tests use.
export {
  installFetchMock,
  jsonResponse,
  renderAtPath as renderWithPlatform,
  testRuntimeConfig,
} from '@academy/platform/testing';
