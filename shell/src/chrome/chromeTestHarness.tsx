// The platform's test kit, under the names the chrome's tests use.
export { installFetchMock, jsonResponse, renderAtPath as renderChrome, testRuntimeConfig } from '@academy/platform/testing';
