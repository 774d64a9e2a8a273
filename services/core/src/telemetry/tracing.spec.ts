import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '../config/config.js';
import { tracesExporterFrom } from './tracing.js';

describe('tracesExporterFrom', () => {
  it('is off unless an exporter or an OTLP endpoint is set', () => {
    expect(tracesExporterFrom({})).toBe('none');
    expect(tracesExporterFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe('otlp');
    expect(tracesExporterFrom({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe('otlp');
    expect(tracesExporterFrom({ OTEL_TRACES_EXPORTER: 'console' })).toBe('console');
    expect(tracesExporterFrom({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe('none');
  });

  it('refuses an unknown exporter or an endpoint that is not a URL, naming the setting', () => {
    expect(() => tracesExporterFrom({ OTEL_TRACES_EXPORTER: 'jaeger' })).toThrow(ConfigError);
    expect(() => tracesExporterFrom({ OTEL_TRACES_EXPORTER: 'jaeger' })).toThrow(/OTEL_TRACES_EXPORTER/);
    expect(() => tracesExporterFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
