<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>main</name>
    <message>
        <source>A desktop workbench for LLM API latency.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workbench file to open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the built-in demo gateway and receiver and show a demo run filling live (workbench: demo.phasebench in the application data folder).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --demo: switch on a fault of the demo gateway (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown fault: %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the application data folder.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give one FILE, or --demo (with any --fault NAME).
</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::Importer</name>
    <message>
        <source>AIPerf per-request export (JSONL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIPerf aggregate export (JSON or CSV)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GenAI-Perf profile export (JSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV with a column mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP Archive (HAR 1.2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jaeger JSON traces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k6 JSON output (NDJSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k6 end-of-test summary (JSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LLMPerf individual responses (JSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LLMPerf summary (JSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phasebench CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenTelemetry traces (OTLP JSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM benchmark results (JSON)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::Metric</name>
    <message>
        <source>Time waiting for a free connection before the request started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DNS lookup of the endpoint host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TCP connection set-up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TLS handshake.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection set-up: blocked + dns + connect + tls. Components that were not measured are left out; not available when none was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing the request to the connection.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request sent to response headers received: server time plus network.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Response headers to the last byte of the response body.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client end-to-end latency: attempt start to the end of the response. For a logical request: first attempt&apos;s start to the final attempt&apos;s end.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to headers: attempt start to the response headers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to first event: attempt start to the first non-empty SSE event (an event is not a token).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to first effective output: attempt start to the first text, reasoning or tool-call argument delta.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to first visible text: attempt start to the first visible text delta.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt start to the end of the stream.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generation duration: done - first_text (first visible text to end of stream). Completed requests only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inter-token latency: (done - first_text) / (output_tokens - 1); needs at least 2 output tokens. Completed requests only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-request output rate: output_tokens / (done - first_text), in tokens per second. Completed requests only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(done - first_text) / output_tokens. Completed requests only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input (prompt) tokens of the request, as reported or estimated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input tokens served from the provider&apos;s prompt cache.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output (completion) tokens, reasoning included when the provider counts it there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reasoning tokens reported by the provider.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration of the server&apos;s root span for this attempt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server gateway work: auth, prepare, route, application queues.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for a compute slot after the scheduler accepted the work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server-side inference: inference start to last token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server writing the response.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server root span minus its attributed child phases.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client total - server root, paired per request. Negative values mean wrong span boundaries or a wrong join; they are flagged, never clamped.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::cli</name>
    <message>
        <source>Import result files into a workbench file.</source>
        <translation>Импортировать файлы результатов в файл рабочего места.</translation>
    </message>
    <message>
        <source>List the runs of a workbench file.</source>
        <translation>Показать прогоны в файле рабочего места.</translation>
    </message>
    <message>
        <source>Run a load scenario against an endpoint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Receive OTLP/HTTP traces into a workbench file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconcile one request by trace ID.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the demo LLM gateway (OpenAI-compatible, OTLP).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summarize a run: percentiles, rates and token totals.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: phasebench-cli &lt;command&gt; [options]

Commands:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
Run &apos;phasebench-cli &lt;command&gt; --help&apos; for the options of a command.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input format (default: detected from content).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name of the new run (default: the file name).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add to an existing run instead of creating one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RUN_ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip malformed lines and report them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Column mapping for generic CSV files and k6 custom Trends, e.g. &apos;total=latency_s:s,first_text=ttft:ms&apos; (see docs/import.md).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MAPPING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files to import.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FILE…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to import: name at least one FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--into expects a run id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: imported %2 requests, %3 spans into run %4 (format %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  skipped %1 bad lines; first ones:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: warning: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>import failed, nothing was stored: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workbench file (.phasebench).</source>
        <translation>Файл рабочего места (.phasebench).</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print machine-readable JSON.</source>
        <translation>Вывести машиночитаемый JSON.</translation>
    </message>
    <message>
        <source>missing --db FILE</source>
        <translation>не указан --db ФАЙЛ</translation>
    </message>
    <message>
        <source>no workbench file at &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Receive OTLP/HTTP traces (POST /v1/traces) into a workbench file until Ctrl+C.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TCP port (default 4318; 0 = any free port).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address to listen on (default 127.0.0.1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ADDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest request body after decompression (default 64).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store the spans into this run (default: a running load run, else a new &apos;received&apos; run).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep prompt/completion attributes (gen_ai.prompt*, …); dropped by default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--port expects a number from 0 to 65535</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-body-mib expects a number from 1 to 4096</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no run &apos;%1&apos; in this file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot start the receiver: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: listening on %1, which other machines may reach</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OTLP/HTTP receiver on %1 (protobuf and JSON), writing to %2; Ctrl+C stops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>received %1 spans (%2 rejected) in %3 requests; stored %4 spans</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> into run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused requests: %1 undecodable, %2 too large, %3 wrong content type, %4 store behind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dropped %1 prompt/completion attributes (use --capture-content to keep them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 spans could not be stored: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 &apos;%2&apos;: %3 (generator %4, %5 s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requested %1/s, achieved %2/s (steady window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>achieved %1/s (closed model: no requested rate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>generator lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p50 %1 ms, p99 %2 ms (start - scheduled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 retries), trace-ID collisions: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outcomes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requested %1/s, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>achieved %1/s, dropped %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency in ms: completed attempts, steady window, nearest-rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario file (JSON, see docs/scenario.md).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run name (default: the scenario&apos;s name).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No live progress on stderr.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected exactly one scenario file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what was measured before the failure is stored in run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 was stopped; everything measured until then is stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no runs)</source>
        <translation>(нет прогонов)</translation>
    </message>
    <message>
        <source>Run the demo LLM gateway (OpenAI-compatible, SSE, OTLP span export) until Ctrl+C.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TCP port (default 8000; 0 = any free port).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export spans to this OTLP/HTTP endpoint, e.g. http://127.0.0.1:4318.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute slots of the inference pool (default 4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch a fault on (repeatable; see --list-faults).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the faults and the symptom each produces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment variable holding the bearer token to require (default PHASEBENCH_DEMO_API_KEY; unset: any token is accepted).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VAR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--slots expects a number from 1 to 1024</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--otlp expects an http:// URL, e.g. http://127.0.0.1:4318</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown fault &apos;%1&apos; (see --list-faults)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot start the demo gateway: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>demo LLM gateway on %1 (model %2, %3 slots, faults: %4, spans: %5, token: %6); Ctrl+C stops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not exported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any bearer token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>required from $%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>served %1 requests (%2 completed, %3 unauthorized, %4 cancelled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exported %1 spans (%2 dropped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last export error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run to summarize (default: the only run of the file).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric to summarize; repeat or separate with commas (default: every metric). TTFT variants are named: headers, first_event, first_content, first_text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the metric catalogue with units and definitions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Percentile convention: nearest-rank (default), linear, ecdf.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event unit: attempts (default) or logical (retries grouped).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UNIT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logical requests&apos; tokens: billed (all attempts, default) or logical (final attempt).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>COUNTING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cached responses: include, exclude (default), only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MODE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcomes in the latency figures: completed (default), all, or one outcome name. Outcome rates always cover every outcome.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OUTCOME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only this model (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only this stage (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only this input token bucket (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only this output token bucket (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only rows whose COLUMN (a condition column) is VALUE (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>COLUMN=VALUE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window: all (default), steady, stage:NAME, per-stage (one summary per stage, never merged), range:FROM_MS-TO_MS (start time from run start).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SPEC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warm-up excluded from the steady window (default 10000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settle time after each stage change excluded from the steady window (default 5000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence of the percentile intervals (default 0.95).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>X</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also print a time series with intervals of N ms: count, p95 and error rate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric of the time series (default: total).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also print the tail composition around p50/p95/p99: client, streaming or server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KIND</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Half-width of a composition band in percentile points (default 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with this run (same scope and window).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with this window of the same run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;ttft&apos; is ambiguous: name the milestone (headers, first_event, first_content, first_text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown metric &apos;%1&apos; (see --list-metrics)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--run expects a run id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--convention expects nearest-rank, linear or ecdf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--scope expects attempts or logical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--tokens expects billed or logical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--cached expects include, exclude or only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--outcome expects completed, all or an outcome name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--filter expects COLUMN=VALUE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 expects a non-negative number of milliseconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--window expects all, steady, stage:NAME, per-stage or range:FROM_MS-TO_MS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--confidence expects a number between 0 and 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--interval-ms expects a positive number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--composition expects client, streaming or server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--band-points expects a number between 0 and 50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--baseline-run expects a run id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--baseline-window expects all, steady, stage:NAME or range:FROM_MS-TO_MS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--window per-stage cannot be combined with a baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scope: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>window: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>statistic: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>counts: %1 attempts, %2 logical requests, %3 retries, %4 events in scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p95 interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>* = the single worst request of the sample; &apos;-&apos; = not available; interval bounds &apos;-&apos; = unbounded (too few values)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Definitions:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome rates over %1 (%2 started, %3 dropped):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error rate (provider_error + client_error)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timeout rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancellation rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partial rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cache hit rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output rates over %1 completed requests in scope:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request-weighted (mean of per-request tokens/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token-weighted (sum of tokens / sum of generation time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens (%1): input %2, cached input %3, output %4, reasoning %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tail composition of %1 (mean of the requests within +/-%2 percentile points; adds up):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-phase percentiles (each phase on its own; they do not add up):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time series of %1 (%2, %3 ms intervals):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparison: baseline %1 vs this %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no scope drift detected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drift</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summarize a run: every figure is summarize(events, window, statistic).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file has %1 runs: name one with --run ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no run %1 in this file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data: the run has no stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconcile one request: client phases, server spans, network envelope.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look in this run only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>W3C trace ID (32 hex digits).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TRACE_ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name exactly one TRACE_ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a trace ID (32 hex digits, not all zero)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trace %1 is in no run of this file (neither a request nor a span)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: the network envelope is negative: the client total is shorter than the server root, so the boundaries, the units or the join are wrong (not clamped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note: no client record has this trace ID; only the server side is shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>several</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PASS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CANNOT DECIDE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 &apos;%2&apos;: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Broken budget first: %1 %2 %3 %4 &gt; budget %5 %4 (likely owner: %6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>budgets: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: no budget was stored before the run started; the first stored version (set %1) was used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>window: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thresholds changed after the run started (the check uses the version set before it):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  %1: %2 -&gt; %3 (version %4, set %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate a run&apos;s budgets and gates. Exit codes: 0 all pass, 3 a budget or gate failed, 4 cannot decide (too few samples, join coverage too low, a phase not measured), 1 error, 2 usage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run to check (default: the only run of the file).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget file (JSON, see docs/budgets.md); default: the run&apos;s stored budgets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store --budgets with the run as a new version (with its time).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use this stored version instead of the one set before the run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also write the result as JUnit XML to FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--save-budgets needs --budgets FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--budget-version expects a version number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bad budget file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored the budgets with run %1 as version %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 has no stored budget version %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 has no stored budgets: pass --budgets FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write the JUnit file &apos;%1&apos;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the built-in demo: gateway, receiver, a short load run, the join.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate a run&apos;s budgets and gates (exit code for CI).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnose a run: the phase that moved, its likely owner, the first check.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Join: coverage %1% (%2 of %3 attempts matched a server trace), %4 unmatched server traces, %5 negative envelopes, %6 duplicate trace IDs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-phase latency (ms), %1; %2; %3:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 expects a number above 0 and at most %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the OTLP receiver and the demo gateway on free loopback ports, run a short open-model load against the gateway, join client and server views and print the summary with join coverage and per-phase percentiles.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch a demo gateway fault on (repeatable; see --list-faults).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds of steady load after the warm-up (default 20).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests per second (default 6).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute slots of the demo inference pool (default 4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name of the run (default demo).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No live progress lines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>demo gateway %1, OTLP receiver %2, run %3 in %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s  %2  achieved %3/s  in flight %4  completed %5  failed %6  dropped %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spans: %1 exported by the gateway, %2 stored (%3 dropped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored in %1 (run %2). Open it with: phasebench %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compared: %1 -&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comparison refused: the load profiles differ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no finding: no rule fired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>   likely owner: %1 (confidence %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>   rule: %1; between: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>   evidence:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>   first check: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stages (knee search):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>knee: %1; highest stage that met the budgets: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 expects a run id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnose a run: which phase moved, its likely owner and the first check, with evidence. Compares with --baseline, else the first and last stage, else the two halves of the run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run to diagnose (default: the only run of the file).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline run to compare with (same load profile).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--baseline must name another run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget file: broken phase budgets become findings, and a stepped run reports its highest stage that met them (default: the run&apos;s stored budgets).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thresholds of the run&apos;s stored budgets changed after the run started:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::diagnose</name>
    <message>
        <source>The stepped run passed its knee: queue time grows faster than the arrival rate, and throughput stops following it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size capacity for the highest stage that met the budgets; check compute slots, batch policy and admission control.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>client/network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gateway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inference pool/queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model generation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>response transfer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>telemetry/measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection set-up (connect, TLS) rose while the server spans stayed flat.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check connection reuse (keep-alive), socket limits and the load generator&apos;s CPU; a load balancer may be closing sessions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gateway time rose while the GPU queue stayed flat.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the gateway&apos;s child spans and CPU: rate limiting, serialisation, masking, too few replicas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU queue time rose while generation per output token stayed flat: the inference pool is saturated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check pool capacity (compute slots), batch policy, queue length, the output-token limit and admission control; a gateway timeout only turns slow responses into fast errors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generation time per output token rose with concurrency: the batch is too aggressive or memory is under pressure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the scheduler&apos;s batch size, GPU memory and the token profile; reduce max tokens at the same arrival rate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to first token rose while the total barely changed: the wait before output grew and the output is short.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look at the queue and the prefill separately (server spans), and at the input-token profile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The client total rose while the server root span did not: the time is spent outside the root span.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the root span&apos;s boundary (does it end after the response write?), the body size and the load balancer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unattributed server time grew: part of the root span has no phase span.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check for missing child spans (a new code path, a dropped span) and the span rules that map names to phases.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fewer events than in the baseline: a better percentile may only mean that events went missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check dropped iterations, the import and the sampling before comparing percentiles.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Join coverage is low: server phases describe only part of the requests.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that every hop forwards traceparent, the span export (dropped spans, exporter queue) and the server&apos;s sampling policy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Negative network envelopes: the client total is shorter than the server root span.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check span boundaries, units and the join; a negative envelope never means a faster network.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace-ID collisions: several attempts share a trace ID, which joins independent histories.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the trace-ID generator: random 128-bit IDs, the generator instance in the high bits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropped iterations: the run did not deliver its promised load, so its percentiles belong to a lower rate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raise pre-allocated and maximum in-flight requests, or lower the rate to what the generator can sustain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed requests without a completion event (no total, or a stream without done).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the stream parser and the importer&apos;s mapping of the end event; these requests are missing from the latency figures.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server keeps mostly slow traces: joined requests are much slower than the rest, so joined phases describe the tail only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the tail-sampling policy; enable coordinated sampling for the controlled run and record its rate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upstream is normal but the local fields are slow: connection set-up and sending the request take most of the wait.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the local fields: connection pool, DNS, TLS, request upload and the generator.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow before the response headers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the route, admission, network, region and load before optimising the client.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fast headers but a slow first effective output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the model queue, prefill, reasoning start and requests in flight.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fast first event but slow output: the early events are metadata or heartbeats.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check what the early events carry (metadata, heartbeats while queued, reasoning start); an event is not a token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fast effective action but slow visible text: reasoning or tool calls come first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Investigate reasoning effort and tool calls; a longer header timeout does not change this pattern.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fast first text but a low visible output rate: the stream starts quickly and then generates slowly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare output length, context, channel, requests in flight and provider (decode, contention); a first-output timeout will not catch it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A phase broke its budget.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start with the phase&apos;s owner; the other findings say what moved.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::BudgetModel</name>
    <message>
        <source>pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot decide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%L1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLO (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::ChoiceDelegate</name>
    <message>
        <source>(not imported)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::ColumnFormat</name>
    <message>
        <source>identity and correlation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>condition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token usage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>client phase (k6 semantics)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stream milestone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>transfer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>milliseconds (ms) from the attempt&apos;s start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>milliseconds (ms) from the run&apos;s start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>milliseconds (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2; unit: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::ColumnMappingDialog</name>
    <message>
        <source>Import %1 with a column mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose what each column of the file holds. Durations need their unit; unmapped columns are not imported. Without an outcome or HTTP status column every row counts as completed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Mapping as text (for phasebench-cli import --map):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no header line with at least two columns.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Map at least one column.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file has no column &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::ColumnMappingModel</name>
    <message>
        <source>(not imported)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the start time is written: RFC 3339 text or a Unix timestamp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The unit of the values in this column.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Column in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Examples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::CompositionChart</name>
    <message>
        <source>No requests with a %1 in this scope and window yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>percentile band of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean of the band (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Composition of the requests at each percentile (N = %L1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export SVG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::DemoController</name>
    <message>
        <source>The demo run was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A demo run is already running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown demo fault: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::DemoDialog</name>
    <message>
        <source>Run Demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starts the built-in demo gateway and OTLP receiver on this machine and runs an open-model streaming load against it. Switch on a fault to see its symptom.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faults of the demo gateway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> req/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrival rate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration after warm-up:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::DiagnosisModel</name>
    <message>
        <source>low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>medium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Symptom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Likely owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Between</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First check</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::DiagnosisPage</name>
    <message>
        <source>Click a figure that is a phase to see its percentiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a trace ID to select that request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot diagnose the run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>halves of the run, or first vs last stage of a stepped run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnosing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparison refused (%1): the load profiles differ: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s); no comparison was possible.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s), comparing %1.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Knee: %1; highest stage that met the budgets: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Likely owner: %2 (confidence %3). Compared: %4.
First check: %5</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::EvidenceModel</name>
    <message>
        <source>Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::ImportController</name>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All supported files (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::Job</name>
    <message>
        <source>unexpected error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::JobProgressWidget</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop this work; nothing of it is kept</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::MainWindow</name>
    <message>
        <source>Requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Workbench…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create an empty workbench file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a workbench file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import result files into the workbench, one run per file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Phasebench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot Create Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot Open Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not create %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No workbench was open: importing into the default workbench %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phasebench workbench (*.phasebench)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phasebench workbench (*.phasebench);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Phasebench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phasebench %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A workbench for LLM API latency: which phase owns this p95?

Built with Qt %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a workbench file (File › Open, Ctrl+O) or create one (File › New Workbench, Ctrl+N).

Drop result files here to import them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This workbench has no runs yet.

Import a result file (File › Import…, Ctrl+I) or drop one here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a run in the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Phasebench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phasebench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No workbench open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs: %L1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1: %L2 requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1 into run %2 (requests: %L3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bad lines skipped: %L1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not import %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing of this import was stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import of %1 cancelled; nothing of it was stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase Percentiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waterfall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the demo run; requests in flight finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run &amp;Demo…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the built-in demo gateway with a load run, live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the running demo; requests in flight finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait for the running work to finish before starting a demo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the demo gateway…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping: requests in flight finish…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OTLP receiver: %1  ·  gateway: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo run %1: completed %L2, failed %L3, dropped %L4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo run %1 finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo run could not complete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait for the import or the demo to finish, or stop it, before opening another workbench.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import CSV with Column &amp;Mapping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import any CSV file by saying what each of its columns holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import CSV with Column Mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delimited text (*.csv *.tsv *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace %1 is not in the shown run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::OverviewModel</name>
    <message>
        <source>%L1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[%1, %2] ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (largest value)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p95</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p95 interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p99 interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Definition</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::OverviewPage</name>
    <message>
        <source>%L1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Endpoint host:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Streaming:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrival rate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropped iterations:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generator lag p99:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcomes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Join coverage:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistic:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot compute the overview: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%L1 req/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requested %1, achieved %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(from the live samples so far)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>started %L1; errors %2, timeouts %3, cancelled %4, partial %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no server spans in this run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::PhaseStackPage</name>
    <message>
        <source>Client phases (setup, send, wait, receive)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Streaming (first text, generation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server phases (gateway, GPU queue, generation, …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bars: the mean composition of the requests ranked in a band around each percentile of the total; their segments add up to the band&apos;s mean total (&quot;other&quot; holds time no phase accounts for). Table: each phase&apos;s own percentile over the same requests; these come from different requests and do not add up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phases:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot compute the composition: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logical requests (retries merged)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Percentiles:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope: %1. Window: %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::RecentFiles</name>
    <message>
        <source>&amp;%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear Menu</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::ReconciliationModel</name>
    <message>
        <source>client total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>server root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>network envelope (total - root)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gateway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>generation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  prefill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  decode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>response write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unattributed (root - phases)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>server TTFT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stream envelope (first_text - server TTFT)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>join</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%L1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(negative: wrong boundaries or a wrong join)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::RequestsPage</name>
    <message>
        <source>Sorting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read this run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests: %L1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::RunListModel</name>
    <message>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::RunsPage</name>
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::TableCopy</name>
    <message>
        <source>Copy as CSV</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::TraceFinder</name>
    <message>
        <source>No run is shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 has no request with trace ID %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request with trace ID %1 is not in the table yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find Trace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a request of the shown run by its trace ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace ID (32 hex digits):</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::TracePage</name>
    <message>
        <source>Cannot show the trace: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a request in the Requests page to see its waterfall.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading request %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request %1 of run %2 (no trace ID)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request %1 of run %2, trace %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::VerdictWidget</name>
    <message>
        <source>Budgets…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate a budget file (JSON) on this run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot evaluate the budgets: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate budgets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget files (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluating the budgets…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No budgets were stored with this run: load a budget file (Budgets…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLO verdict: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— %1 broke its budget first: %2 %3 against %4 (n = %L5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(likely owner: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budgets: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No budget was stored before the run started; the first stored version (set %1) is used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thresholds changed after the run started:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 → %3 (version %4, set %5)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::WaterfallPlot</name>
    <message>
        <source>ms from the attempt&apos;s start (client clock)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %L1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server spans on the client axis assume a symmetric network:
the root starts half the network envelope (%L1 ms) after the client start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No server spans joined to this request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %L2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %L2 ms, from %L3 to %L4 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>phase: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%L1 stream chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export PDF…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pb::ui::Workbench</name>
    <message>
        <source>%1 already exists; Phasebench does not replace workbench files. Open it, or choose another name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>std</name>
    <message>
        <source>not available</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
