'use strict';
// Test helper: sends the seed's gateway span layout with the real
// OpenTelemetry JS SDK and its OTLP exporters (HTTP protobuf, HTTP JSON, gRPC,
// gRPC with gzip), then prints what it sent as JSON so that the C++ test can
// compare it with what was stored.
// Usage: NODE_PATH=<dir>/node_modules node send-spans.cjs URL proto|json|grpc|grpc-gzip REQUESTS [--bulk]
// For gRPC, URL is http://HOST:PORT (no path).
// --bulk (the benchmark): print only counts, flush every 1,000 requests.
const api = require('@opentelemetry/api');
const { BasicTracerProvider, BatchSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { resourceFromAttributes } = require('@opentelemetry/resources');
const { OTLPTraceExporter: ProtoExporter } = require('@opentelemetry/exporter-trace-otlp-proto');
const { OTLPTraceExporter: JsonExporter } = require('@opentelemetry/exporter-trace-otlp-http');

const [url, protocol, countArg, mode] = process.argv.slice(2);
const requests = Number(countArg || 10);
const bulk = mode === '--bulk';
function makeExporter() {
  if (protocol === 'grpc' || protocol === 'grpc-gzip') {
    const { OTLPTraceExporter: GrpcExporter } = require('@opentelemetry/exporter-trace-otlp-grpc');
    return new GrpcExporter(protocol === 'grpc-gzip' ? { url, compression: 'gzip' } : { url });
  }
  return protocol === 'json' ? new JsonExporter({ url }) : new ProtoExporter({ url });
}
const exporter = makeExporter();

// Records each export's result code (0 = success).
const results = [];
const recording = {
  export(spans, done) {
    exporter.export(spans, (r) => {
      results.push({ code: r.code, error: r.error ? String(r.error) : undefined });
      done(r);
    });
  },
  shutdown: () => exporter.shutdown(),
  forceFlush: () => exporter.forceFlush(),
};

const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'node-gateway-' + protocol }),
  spanProcessors: [new BatchSpanProcessor(recording, bulk
    ? { maxExportBatchSize: 512, maxQueueSize: 20000, scheduledDelayMillis: 50 }
    : { maxExportBatchSize: 64, scheduledDelayMillis: 50 })],
});
const tracer = provider.getTracer('phasebench-exporter-test', '1.0.0');

const hex = (v, w) => v.toString(16).padStart(w, '0');
// HrTime [seconds, nanoseconds] and its exact decimal nanoseconds.
const base = 1700000000n * 1000000000n + (protocol === 'json' ? 7n : 3n);
const hr = (ns) => [Number(ns / 1000000000n), Number(ns % 1000000000n)];
const sent = [];
let sentCount = 0;

function span(name, kind, parentCtx, startNs, endNs, attributes, parentId) {
  const s = tracer.startSpan(name, { kind, startTime: hr(startNs), attributes }, parentCtx);
  s.end(hr(endNs));
  const c = s.spanContext();
  if (bulk) {
    sentCount++;
    return api.trace.setSpan(api.ROOT_CONTEXT, s);
  }
  sent.push({ traceId: c.traceId, spanId: c.spanId, parentSpanId: parentId, name, kind: kind + 1,
              start: startNs.toString(), end: endNs.toString(), attributes });
  return api.trace.setSpan(api.ROOT_CONTEXT, s);
}

async function main() {
  for (let i = 0; i < requests; i++) {
    if (bulk && i % 1000 === 999) {
      await provider.forceFlush(); // keep the queue bounded: no span is dropped
    }
    // The client's span arrives as a remote parent (traceparent).
    const traceId = hex(0xabc, 16) + hex(i + 1, 16);
    const clientSpanId = hex(0x100000 + i, 16);
    const remote = api.trace.setSpanContext(api.ROOT_CONTEXT, {
      traceId, spanId: clientSpanId, traceFlags: api.TraceFlags.SAMPLED, isRemote: true });
    const t0 = base + BigInt(i) * 10000000000n;
    const ms = (n) => BigInt(Math.round(n * 1e6));
    const root = span('POST /v1/chat/completions', api.SpanKind.SERVER, remote, t0, t0 + ms(1691), {
      'http.request.method': 'POST', 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'demo',
      'gen_ai.request.model': 'demo-model', 'gen_ai.response.model': 'demo-model-2026',
      'gen_ai.usage.input_tokens': 412, 'gen_ai.usage.output_tokens': 180,
      'gen_ai.response.finish_reasons': ['stop'], 'gen_ai.request.temperature': 0.25, 'gen_ai.is_streaming': true,
      'gen_ai.prompt': 'must not be stored' }, clientSpanId);
    const rootId = api.trace.getSpan(root).spanContext().spanId;
    span('auth.check', api.SpanKind.INTERNAL, root, t0 + ms(1), t0 + ms(13), {}, rootId);
    span('request.prepare', api.SpanKind.INTERNAL, root, t0 + ms(14), t0 + ms(29), {}, rootId);
    span('route.select', api.SpanKind.INTERNAL, root, t0 + ms(30), t0 + ms(40), { 'llm.route': 'pool-a' }, rootId);
    span('inference.acquire_slot', api.SpanKind.INTERNAL, root, t0 + ms(45), t0 + ms(473),
         { 'llm.phase': 'queue', 'llm.pool': 'pool-a' }, rootId);
    span('inference.generate', api.SpanKind.CLIENT, root, t0 + ms(475), t0 + ms(1685),
         { 'llm.phase': 'generation', 'gen_ai.usage.output_tokens': 180 }, rootId);
  }
  await provider.forceFlush();
  await provider.shutdown();
}

main().then(() => {
  process.stdout.write(JSON.stringify(bulk ? { sent: sentCount, exports: results.length } : { sent, results }) + '\n');
  const failed = results.filter((r) => r.code !== 0);
  process.exit(failed.length ? 3 : 0);
}).catch((e) => {
  process.stderr.write(String(e && e.stack ? e.stack : e) + '\n');
  process.exit(2);
});
