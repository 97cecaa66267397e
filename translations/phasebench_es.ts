<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>main</name>
    <message>
        <source>A desktop workbench for LLM API latency.</source>
        <translation>Un banco de trabajo de escritorio para la latencia de API de LLM.</translation>
    </message>
    <message>
        <source>Workbench file to open.</source>
        <translation>Archivo de banco de trabajo que se abrirá.</translation>
    </message>
    <message>
        <source>Start the built-in demo gateway and receiver and show a demo run filling live (workbench: demo.phasebench in the application data folder).</source>
        <translation>Inicia la pasarela y el receptor de demostración integrados y muestra una ejecución de demostración llenándose en vivo (banco de trabajo: demo.phasebench en la carpeta de datos de la aplicación).</translation>
    </message>
    <message>
        <source>With --demo: switch on a fault of the demo gateway (%1).</source>
        <translation>Con --demo: activa un fallo de la pasarela de demostración (%1).</translation>
    </message>
    <message>
        <source>Unknown fault: %1
</source>
        <translation>Fallo desconocido: %1
</translation>
    </message>
    <message>
        <source>Cannot create the application data folder.
</source>
        <translation>No se puede crear la carpeta de datos de la aplicación.
</translation>
    </message>
    <message>
        <source>Give one FILE, or --demo (with any --fault NAME).
</source>
        <translation>Indique un ARCHIVO, o --demo (con cualquier --fault NOMBRE).
</translation>
    </message>
    <message>
        <source>Open the Run Launcher: edit or open a scenario and run it.</source>
        <translation>Abre el lanzador de ejecuciones: edite o abra un escenario y ejecútelo.</translation>
    </message>
</context>
<context>
    <name>pb::Importer</name>
    <message>
        <source>AIPerf per-request export (JSONL)</source>
        <translation>Exportación por solicitud de AIPerf (JSONL)</translation>
    </message>
    <message>
        <source>AIPerf aggregate export (JSON or CSV)</source>
        <translation>Exportación agregada de AIPerf (JSON o CSV)</translation>
    </message>
    <message>
        <source>GenAI-Perf profile export (JSON)</source>
        <translation>Exportación de perfil de GenAI-Perf (JSON)</translation>
    </message>
    <message>
        <source>CSV with a column mapping</source>
        <translation>CSV con asignación de columnas</translation>
    </message>
    <message>
        <source>HTTP Archive (HAR 1.2)</source>
        <translation>Archivo HTTP (HAR 1.2)</translation>
    </message>
    <message>
        <source>Jaeger JSON traces</source>
        <translation>Trazas JSON de Jaeger</translation>
    </message>
    <message>
        <source>k6 JSON output (NDJSON)</source>
        <translation>Salida JSON de k6 (NDJSON)</translation>
    </message>
    <message>
        <source>k6 end-of-test summary (JSON)</source>
        <translation>Resumen de fin de prueba de k6 (JSON)</translation>
    </message>
    <message>
        <source>LLMPerf individual responses (JSON)</source>
        <translation>Respuestas individuales de LLMPerf (JSON)</translation>
    </message>
    <message>
        <source>LLMPerf summary (JSON)</source>
        <translation>Resumen de LLMPerf (JSON)</translation>
    </message>
    <message>
        <source>Phasebench CSV</source>
        <translation>CSV de Phasebench</translation>
    </message>
    <message>
        <source>OpenTelemetry traces (OTLP JSON)</source>
        <translation>Trazas de OpenTelemetry (OTLP JSON)</translation>
    </message>
    <message>
        <source>vLLM benchmark results (JSON)</source>
        <translation>Resultados de benchmark de vLLM (JSON)</translation>
    </message>
    <message>
        <source>Phasebench JSON lines</source>
        <translation>Líneas JSON de Phasebench</translation>
    </message>
</context>
<context>
    <name>pb::Metric</name>
    <message>
        <source>Time waiting for a free connection before the request started.</source>
        <translation>Tiempo de espera de una conexión libre antes de que empezara la solicitud.</translation>
    </message>
    <message>
        <source>DNS lookup of the endpoint host.</source>
        <translation>Resolución DNS del host del endpoint.</translation>
    </message>
    <message>
        <source>TCP connection set-up.</source>
        <translation>Establecimiento de la conexión TCP.</translation>
    </message>
    <message>
        <source>TLS handshake.</source>
        <translation>Negociación TLS.</translation>
    </message>
    <message>
        <source>Connection set-up: blocked + dns + connect + tls. Components that were not measured are left out; not available when none was.</source>
        <translation>Establecimiento de la conexión: blocked + dns + connect + tls. Los componentes no medidos se omiten; no disponible si no se midió ninguno.</translation>
    </message>
    <message>
        <source>Writing the request to the connection.</source>
        <translation>Escritura de la solicitud en la conexión.</translation>
    </message>
    <message>
        <source>Request sent to response headers received: server time plus network.</source>
        <translation>Desde el envío de la solicitud hasta la recepción de las cabeceras de respuesta: tiempo del servidor más red.</translation>
    </message>
    <message>
        <source>Response headers to the last byte of the response body.</source>
        <translation>Desde las cabeceras de respuesta hasta el último byte del cuerpo de la respuesta.</translation>
    </message>
    <message>
        <source>Client end-to-end latency: attempt start to the end of the response. For a logical request: first attempt&apos;s start to the final attempt&apos;s end.</source>
        <translation>Latencia de extremo a extremo del cliente: del inicio del intento al final de la respuesta. Para una solicitud lógica: del inicio del primer intento al final del último intento.</translation>
    </message>
    <message>
        <source>Time to headers: attempt start to the response headers.</source>
        <translation>Tiempo hasta las cabeceras: del inicio del intento a las cabeceras de respuesta.</translation>
    </message>
    <message>
        <source>Time to first event: attempt start to the first non-empty SSE event (an event is not a token).</source>
        <translation>Tiempo hasta el primer evento: del inicio del intento al primer evento SSE no vacío (un evento no es un token).</translation>
    </message>
    <message>
        <source>Time to first effective output: attempt start to the first text, reasoning or tool-call argument delta.</source>
        <translation>Tiempo hasta la primera salida efectiva: del inicio del intento al primer delta de texto, razonamiento o argumento de llamada a herramienta.</translation>
    </message>
    <message>
        <source>Time to first visible text: attempt start to the first visible text delta.</source>
        <translation>Tiempo hasta el primer texto visible: del inicio del intento al primer delta de texto visible.</translation>
    </message>
    <message>
        <source>Attempt start to the end of the stream.</source>
        <translation>Del inicio del intento al final del stream.</translation>
    </message>
    <message>
        <source>Generation duration: done - first_text (first visible text to end of stream). Completed requests only.</source>
        <translation>Duración de la generación: done - first_text (del primer texto visible al final del stream). Solo solicitudes completadas.</translation>
    </message>
    <message>
        <source>Inter-token latency: (done - first_text) / (output_tokens - 1); needs at least 2 output tokens. Completed requests only.</source>
        <translation>Latencia entre tokens: (done - first_text) / (output_tokens - 1); requiere al menos 2 tokens de salida. Solo solicitudes completadas.</translation>
    </message>
    <message>
        <source>Per-request output rate: output_tokens / (done - first_text), in tokens per second. Completed requests only.</source>
        <translation>Tasa de salida por solicitud: output_tokens / (done - first_text), en tokens por segundo. Solo solicitudes completadas.</translation>
    </message>
    <message>
        <source>Input (prompt) tokens of the request, as reported or estimated.</source>
        <translation>Tokens de entrada (prompt) de la solicitud, según lo informado o estimado.</translation>
    </message>
    <message>
        <source>Input tokens served from the provider&apos;s prompt cache.</source>
        <translation>Tokens de entrada servidos desde la caché de prompts del proveedor.</translation>
    </message>
    <message>
        <source>Output (completion) tokens, reasoning included when the provider counts it there.</source>
        <translation>Tokens de salida (completion), incluido el razonamiento cuando el proveedor lo cuenta ahí.</translation>
    </message>
    <message>
        <source>Reasoning tokens reported by the provider.</source>
        <translation>Tokens de razonamiento informados por el proveedor.</translation>
    </message>
    <message>
        <source>Server gateway work: auth, prepare, route, application queues.</source>
        <translation>Trabajo de la pasarela del servidor: autenticación, preparación, enrutamiento, colas de la aplicación.</translation>
    </message>
    <message>
        <source>Waiting for a compute slot after the scheduler accepted the work.</source>
        <translation>Espera de una ranura de cómputo después de que el planificador aceptara el trabajo.</translation>
    </message>
    <message>
        <source>Server-side inference: inference start to last token.</source>
        <translation>Inferencia en el servidor: del inicio de la inferencia al último token.</translation>
    </message>
    <message>
        <source>Server writing the response.</source>
        <translation>El servidor escribe la respuesta.</translation>
    </message>
    <message>
        <source>Server root span minus its attributed child phases.</source>
        <translation>Span raíz del servidor menos sus fases hijas atribuidas.</translation>
    </message>
    <message>
        <source>Client total - server root, paired per request. Negative values mean wrong span boundaries or a wrong join; they are flagged, never clamped.</source>
        <translation>Total del cliente - raíz del servidor, emparejados por solicitud. Los valores negativos indican límites de span incorrectos o una unión incorrecta; se marcan, nunca se recortan.</translation>
    </message>
    <message>
        <source>Client-side generation per output token: (done - first_text) / output_tokens, as the client saw the stream. Completed requests only. The server&apos;s own figure is server_generation_ms_per_output_token.</source>
        <translation>Generación por token de salida en el cliente: (done - first_text) / output_tokens, tal como el cliente vio el stream. Solo solicitudes completadas. La cifra propia del servidor es server_generation_ms_per_output_token.</translation>
    </message>
    <message>
        <source>Server prefill inside generation: from the prefill span or the time_in_model_prefill attribute.</source>
        <translation>Prefill del servidor dentro de la generación: del span de prefill o del atributo time_in_model_prefill.</translation>
    </message>
    <message>
        <source>Server decode inside generation: from the decode span or the time_in_model_decode attribute.</source>
        <translation>Decodificación del servidor dentro de la generación: del span de decode o del atributo time_in_model_decode.</translation>
    </message>
    <message>
        <source>Server-side generation per output token: generation (server) / output_tokens, the figure that normalizes generation for response length. Completed, joined requests only.</source>
        <translation>Generación por token de salida en el servidor: generation (servidor) / output_tokens, la cifra que normaliza la generación por la longitud de la respuesta. Solo solicitudes completadas y unidas.</translation>
    </message>
    <message>
        <source>first_text - server TTFT, paired per request: what network, proxies and buffering add to the first visible text. Negative values are flagged, never clamped.</source>
        <translation>first_text - TTFT del servidor, emparejados por solicitud: lo que la red, los proxies y el búfer añaden al primer texto visible. Los valores negativos se marcan, nunca se recortan.</translation>
    </message>
    <message>
        <source>The gateway&apos;s authentication, a local field inside gateway: from the auth span (auth.check or llm.phase=auth).</source>
        <translation>La autenticación de la pasarela, un campo local dentro de gateway: del span de auth (auth.check o llm.phase=auth).</translation>
    </message>
    <message>
        <source>The gateway&apos;s channel and policy selection, a local field inside gateway: from the route span (route.select or llm.phase=distribution).</source>
        <translation>La selección de canal y de política de la pasarela, un campo local dentro de gateway: del span de route (route.select o llm.phase=distribution).</translation>
    </message>
    <message>
        <source>The gateway reading the request body, a local field inside gateway; slow with a slow upload (request.read or llm.phase=body_read).</source>
        <translation>La lectura del cuerpo de la solicitud por la pasarela, un campo local dentro de gateway; lenta si el envío es lento (request.read o llm.phase=body_read).</translation>
    </message>
    <message>
        <source>An external provider&apos;s total time, from its provider.request span: owned by the provider. Its queue and generation are inside and cannot be reconstructed by subtraction.</source>
        <translation>El tiempo total de un proveedor externo, de su span provider.request: es del proveedor. Su cola y su generación están dentro y no se pueden reconstruir por resta.</translation>
    </message>
    <message>
        <source>Duration of the server&apos;s root span for this attempt, or from response timings the reported total (else validation + queue + generation).</source>
        <translation>Duración del span raíz del servidor para este intento o, a partir de los tiempos de la respuesta, el total informado (si no, validación + cola + generación).</translation>
    </message>
    <message>
        <source>Server time to first token: the server root span&apos;s start to the server&apos;s write of the first output token, or from response timings queue + prefill (server clock only).</source>
        <translation>Tiempo hasta el primer token en el servidor: del inicio del span raíz del servidor a la escritura del primer token de salida o, a partir de los tiempos de la respuesta, cola + prefill (solo reloj del servidor).</translation>
    </message>
    <message>
        <source>Client-visible mean inter-token latency, (done - first_text) / (output_tokens - 1), minus the server&apos;s reported mean ITL, paired per request: what network and buffering add between tokens.</source>
        <translation>Latencia media entre tokens visible para el cliente, (done - first_text) / (output_tokens - 1), menos la ITL media informada por el servidor, emparejadas por solicitud: lo que la red y el búfer añaden entre tokens.</translation>
    </message>
    <message>
        <source>The server&apos;s whole time as its response reported it (TGI x-total-time, a provider&apos;s total_time).</source>
        <translation>El tiempo total del servidor según su respuesta (TGI x-total-time, total_time de un proveedor).</translation>
    </message>
    <message>
        <source>Request validation and tokenization as the response reported it (TGI x-validation-time).</source>
        <translation>Validación y tokenización de la solicitud según la respuesta (TGI x-validation-time).</translation>
    </message>
    <message>
        <source>Waiting for a model slot as the response reported it (vLLM queue_time_ms, TGI x-queue-time, a provider&apos;s queue_time).</source>
        <translation>Espera de una ranura del modelo según la respuesta (vLLM queue_time_ms, TGI x-queue-time, queue_time de un proveedor).</translation>
    </message>
    <message>
        <source>Scheduling to the first output token as the response reported it (vLLM time_to_first_token_ms, a provider&apos;s prompt_time).</source>
        <translation>De la planificación al primer token de salida según la respuesta (vLLM time_to_first_token_ms, prompt_time de un proveedor).</translation>
    </message>
    <message>
        <source>First to last output token as the response reported it (vLLM generation_time_ms, a provider&apos;s completion_time).</source>
        <translation>Del primer al último token de salida según la respuesta (vLLM generation_time_ms, completion_time de un proveedor).</translation>
    </message>
    <message>
        <source>Scheduling to the last output token as the response reported it (TGI x-inference-time).</source>
        <translation>De la planificación al último token de salida según la respuesta (TGI x-inference-time).</translation>
    </message>
    <message>
        <source>The server&apos;s mean time between output tokens as the response reported it (vLLM mean_itl_ms, TGI x-time-per-token).</source>
        <translation>El tiempo medio del servidor entre tokens de salida según la respuesta (vLLM mean_itl_ms, TGI x-time-per-token).</translation>
    </message>
    <message>
        <source>Scheduling to the first reasoning token (vLLM output_token_metrics.reasoning), beside the client&apos;s first_content.</source>
        <translation>De la planificación al primer token de razonamiento (vLLM output_token_metrics.reasoning), junto al first_content del cliente.</translation>
    </message>
    <message>
        <source>Scheduling to the first content token (vLLM output_token_metrics.content), beside the client&apos;s first_text.</source>
        <translation>De la planificación al primer token de contenido (vLLM output_token_metrics.content), junto al first_text del cliente.</translation>
    </message>
    <message>
        <source>Per request with both sources: gpu_queue from spans minus the queue time the response reported.</source>
        <translation>Por solicitud con ambas fuentes: gpu_queue de los spans menos el tiempo de cola informado por la respuesta.</translation>
    </message>
    <message>
        <source>Per request with both sources: generation (server) from spans minus the response&apos;s prefill + decode (or inference).</source>
        <translation>Por solicitud con ambas fuentes: generation (servidor) de los spans menos prefill + decode (o inferencia) de la respuesta.</translation>
    </message>
    <message>
        <source>Per request with both sources: decode from spans minus the decode time the response reported.</source>
        <translation>Por solicitud con ambas fuentes: decode de los spans menos el tiempo de decode informado por la respuesta.</translation>
    </message>
</context>
<context>
    <name>pb::analysis::SamePrompt</name>
    <message>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message>
        <source>run %1 is the request&apos;s own run; choose another run as the baseline</source>
        <translation>la ejecución %1 es la propia ejecución de la solicitud; elija otra ejecución como línea base</translation>
    </message>
    <message>
        <source>request %1 of run %2 records no prompt reference (an imported run or a dropped iteration), so it cannot be paired by prompt</source>
        <translation>la solicitud %1 de la ejecución %2 no registra ninguna referencia de prompt (una ejecución importada o una iteración descartada), así que no se puede emparejar por prompt</translation>
    </message>
    <message>
        <source>run %1 records no scenario digest, so its prompt references cannot be matched with another run&apos;s</source>
        <translation>la ejecución %1 no registra ningún resumen del escenario, así que sus referencias de prompt no se pueden emparejar con las de otra ejecución</translation>
    </message>
    <message>
        <source>runs %1 and %2 were made from different scenarios (%3, %4): their prompt references name different prompts</source>
        <translation>las ejecuciones %1 y %2 se hicieron con escenarios distintos (%3, %4): sus referencias de prompt nombran prompts distintos</translation>
    </message>
    <message>
        <source>runs %1 and %2 sampled or generated their prompts with different seeds (%3, %4): the same reference may be a different prompt</source>
        <translation>las ejecuciones %1 y %2 muestrearon o generaron sus prompts con semillas distintas (%3, %4): la misma referencia puede ser otro prompt</translation>
    </message>
    <message>
        <source>no request of run %1 sent prompt %2</source>
        <translation>ninguna solicitud de la ejecución %1 envió el prompt %2</translation>
    </message>
    <message>
        <source>run %1 sent prompt %2 %3 time(s), and none completed</source>
        <translation>la ejecución %1 envió el prompt %2 %3 vez/veces y ninguna se completó</translation>
    </message>
</context>
<context>
    <name>pb::cli</name>
    <message>
        <source>Import result files into a workbench file.</source>
        <translation>Importa archivos de resultados en un archivo de banco de trabajo.</translation>
    </message>
    <message>
        <source>List the runs of a workbench file.</source>
        <translation>Lista las ejecuciones de un archivo de banco de trabajo.</translation>
    </message>
    <message>
        <source>Run a load scenario against an endpoint.</source>
        <translation>Ejecuta un escenario de carga contra un endpoint.</translation>
    </message>
    <message>
        <source>Reconcile one request by trace ID.</source>
        <translation>Concilia una solicitud por trace ID.</translation>
    </message>
    <message>
        <source>Run the demo LLM gateway (OpenAI-compatible, OTLP).</source>
        <translation>Ejecuta la pasarela LLM de demostración (compatible con OpenAI, OTLP).</translation>
    </message>
    <message>
        <source>Summarize a run: percentiles, rates and token totals.</source>
        <translation>Resume una ejecución: percentiles, tasas y totales de tokens.</translation>
    </message>
    <message>
        <source>Usage: phasebench-cli &lt;command&gt; [options]

Commands:</source>
        <translation>Uso: phasebench-cli &lt;comando&gt; [opciones]

Comandos:</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>comando desconocido &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Input format (default: detected from content).</source>
        <translation>Formato de entrada (predeterminado: detectado a partir del contenido).</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NOMBRE</translation>
    </message>
    <message>
        <source>Name of the new run (default: the file name).</source>
        <translation>Nombre de la nueva ejecución (predeterminado: el nombre del archivo).</translation>
    </message>
    <message>
        <source>Add to an existing run instead of creating one.</source>
        <translation>Añade a una ejecución existente en lugar de crear una.</translation>
    </message>
    <message>
        <source>RUN_ID</source>
        <translation>ID_EJECUCIÓN</translation>
    </message>
    <message>
        <source>Skip malformed lines and report them.</source>
        <translation>Omite las líneas mal formadas e informa de ellas.</translation>
    </message>
    <message>
        <source>Column mapping for generic CSV files and k6 custom Trends, e.g. &apos;total=latency_s:s,first_text=ttft:ms&apos; (see docs/import.md).</source>
        <translation>Asignación de columnas para archivos CSV genéricos y Trends personalizados de k6, p. ej. &apos;total=latency_s:s,first_text=ttft:ms&apos; (véase docs/import.md).</translation>
    </message>
    <message>
        <source>MAPPING</source>
        <translation>ASIGNACIÓN</translation>
    </message>
    <message>
        <source>Files to import.</source>
        <translation>Archivos que se importarán.</translation>
    </message>
    <message>
        <source>FILE…</source>
        <translation>ARCHIVO…</translation>
    </message>
    <message>
        <source>nothing to import: name at least one FILE</source>
        <translation>nada que importar: indique al menos un ARCHIVO</translation>
    </message>
    <message>
        <source>--into expects a run id</source>
        <translation>--into espera un id de ejecución</translation>
    </message>
    <message>
        <source>%1: imported %2 requests, %3 spans into run %4 (format %5)</source>
        <translation>%1: importadas %2 solicitudes, %3 spans en la ejecución %4 (formato %5)</translation>
    </message>
    <message>
        <source>  skipped %1 bad lines; first ones:</source>
        <translation>  se omitieron %1 líneas erróneas; las primeras:</translation>
    </message>
    <message>
        <source>%1: warning: %2</source>
        <translation>%1: advertencia: %2</translation>
    </message>
    <message>
        <source>import failed, nothing was stored: %1</source>
        <translation>la importación falló, no se almacenó nada: %1</translation>
    </message>
    <message>
        <source>Workbench file (.phasebench).</source>
        <translation>Archivo de banco de trabajo (.phasebench).</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>ARCHIVO</translation>
    </message>
    <message>
        <source>Print machine-readable JSON.</source>
        <translation>Imprime JSON legible por máquina.</translation>
    </message>
    <message>
        <source>missing --db FILE</source>
        <translation>falta --db ARCHIVO</translation>
    </message>
    <message>
        <source>no workbench file at &apos;%1&apos;</source>
        <translation>no hay ningún archivo de banco de trabajo en &apos;%1&apos;</translation>
    </message>
    <message>
        <source>P</source>
        <translation>P</translation>
    </message>
    <message>
        <source>Address to listen on (default 127.0.0.1).</source>
        <translation>Dirección en la que escuchar (predeterminada 127.0.0.1).</translation>
    </message>
    <message>
        <source>ADDR</source>
        <translation>DIR</translation>
    </message>
    <message>
        <source>Largest request body after decompression (default 64).</source>
        <translation>Cuerpo de solicitud más grande tras la descompresión (predeterminado 64).</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Store the spans into this run (default: a running load run, else a new &apos;received&apos; run).</source>
        <translation>Almacena los spans en esta ejecución (predeterminado: una ejecución de carga en curso; si no, una nueva ejecución &apos;received&apos;).</translation>
    </message>
    <message>
        <source>Keep prompt/completion attributes (gen_ai.prompt*, …); dropped by default.</source>
        <translation>Conserva los atributos de prompt/completion (gen_ai.prompt*, …); se descartan de forma predeterminada.</translation>
    </message>
    <message>
        <source>--port expects a number from 0 to 65535</source>
        <translation>--port espera un número de 0 a 65535</translation>
    </message>
    <message>
        <source>--max-body-mib expects a number from 1 to 4096</source>
        <translation>--max-body-mib espera un número de 1 a 4096</translation>
    </message>
    <message>
        <source>no run &apos;%1&apos; in this file</source>
        <translation>no hay ninguna ejecución &apos;%1&apos; en este archivo</translation>
    </message>
    <message>
        <source>warning: listening on %1, which other machines may reach</source>
        <translation>advertencia: escuchando en %1, accesible quizá desde otras máquinas</translation>
    </message>
    <message>
        <source>received %1 spans (%2 rejected) in %3 requests; stored %4 spans</source>
        <translation>recibidos %1 spans (%2 rechazados) en %3 solicitudes; almacenados %4 spans</translation>
    </message>
    <message>
        <source> into run %1</source>
        <translation> en la ejecución %1</translation>
    </message>
    <message>
        <source>refused requests: %1 undecodable, %2 too large, %3 wrong content type, %4 store behind</source>
        <translation>solicitudes rechazadas: %1 no decodificables, %2 demasiado grandes, %3 con tipo de contenido incorrecto, %4 por retraso del almacenamiento</translation>
    </message>
    <message>
        <source>dropped %1 prompt/completion attributes (use --capture-content to keep them)</source>
        <translation>se descartaron %1 atributos de prompt/completion (use --capture-content para conservarlos)</translation>
    </message>
    <message>
        <source>run %1 &apos;%2&apos;: %3 (generator %4, %5 s)</source>
        <translation>ejecución %1 &apos;%2&apos;: %3 (generador %4, %5 s)</translation>
    </message>
    <message>
        <source>rate</source>
        <translation>tasa</translation>
    </message>
    <message>
        <source>requested %1/s, achieved %2/s (steady window)</source>
        <translation>solicitada %1/s, lograda %2/s (ventana estable)</translation>
    </message>
    <message>
        <source>achieved %1/s (closed model: no requested rate)</source>
        <translation>lograda %1/s (modelo cerrado: sin tasa solicitada)</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>descartadas</translation>
    </message>
    <message>
        <source>%1 iterations</source>
        <translation>%1 iteraciones</translation>
    </message>
    <message>
        <source>generator lag</source>
        <translation>retraso gen.</translation>
    </message>
    <message>
        <source>attempts</source>
        <translation>intentos</translation>
    </message>
    <message>
        <source>%1 (%2 retries), trace-ID collisions: %3</source>
        <translation>%1 (%2 reintentos), colisiones de trace ID: %3</translation>
    </message>
    <message>
        <source>outcomes</source>
        <translation>resultados</translation>
    </message>
    <message>
        <source>requested %1/s, </source>
        <translation>solicitada %1/s, </translation>
    </message>
    <message>
        <source>achieved %1/s, dropped %2</source>
        <translation>lograda %1/s, descartadas %2</translation>
    </message>
    <message>
        <source>Scenario file (JSON, see docs/scenario.md).</source>
        <translation>Archivo de escenario (JSON, véase docs/scenario.md).</translation>
    </message>
    <message>
        <source>Run name (default: the scenario&apos;s name).</source>
        <translation>Nombre de la ejecución (predeterminado: el nombre del escenario).</translation>
    </message>
    <message>
        <source>No live progress on stderr.</source>
        <translation>Sin progreso en vivo en stderr.</translation>
    </message>
    <message>
        <source>expected exactly one scenario file</source>
        <translation>se esperaba exactamente un archivo de escenario</translation>
    </message>
    <message>
        <source>what was measured before the failure is stored in run %1</source>
        <translation>lo medido antes del fallo se almacenó en la ejecución %1</translation>
    </message>
    <message>
        <source>run %1 was stopped; everything measured until then is stored</source>
        <translation>la ejecución %1 se detuvo; todo lo medido hasta entonces está almacenado</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nombre</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>tipo</translation>
    </message>
    <message>
        <source>status</source>
        <translation>estado</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>solicitudes</translation>
    </message>
    <message>
        <source>(no runs)</source>
        <translation>(sin ejecuciones)</translation>
    </message>
    <message>
        <source>Run the demo LLM gateway (OpenAI-compatible, SSE, OTLP span export) until Ctrl+C.</source>
        <translation>Ejecuta la pasarela LLM de demostración (compatible con OpenAI, SSE, exportación de spans OTLP) hasta Ctrl+C.</translation>
    </message>
    <message>
        <source>TCP port (default 8000; 0 = any free port).</source>
        <translation>Puerto TCP (predeterminado 8000; 0 = cualquier puerto libre).</translation>
    </message>
    <message>
        <source>Export spans to this OTLP/HTTP endpoint, e.g. http://127.0.0.1:4318.</source>
        <translation>Exporta los spans a este endpoint OTLP/HTTP, p. ej. http://127.0.0.1:4318.</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Compute slots of the inference pool (default 4).</source>
        <translation>Ranuras de cómputo del pool de inferencia (predeterminado 4).</translation>
    </message>
    <message>
        <source>Switch a fault on (repeatable; see --list-faults).</source>
        <translation>Activa un fallo (repetible; véase --list-faults).</translation>
    </message>
    <message>
        <source>List the faults and the symptom each produces.</source>
        <translation>Lista los fallos y el síntoma que produce cada uno.</translation>
    </message>
    <message>
        <source>Environment variable holding the bearer token to require (default PHASEBENCH_DEMO_API_KEY; unset: any token is accepted).</source>
        <translation>Variable de entorno que contiene el token bearer exigido (predeterminada PHASEBENCH_DEMO_API_KEY; sin definir: se acepta cualquier token).</translation>
    </message>
    <message>
        <source>VAR</source>
        <translation>VAR</translation>
    </message>
    <message>
        <source>--slots expects a number from 1 to 1024</source>
        <translation>--slots espera un número de 1 a 1024</translation>
    </message>
    <message>
        <source>unknown fault &apos;%1&apos; (see --list-faults)</source>
        <translation>fallo desconocido &apos;%1&apos; (véase --list-faults)</translation>
    </message>
    <message>
        <source>cannot start the demo gateway: %1</source>
        <translation>no se puede iniciar la pasarela de demostración: %1</translation>
    </message>
    <message>
        <source>demo LLM gateway on %1 (model %2, %3 slots, faults: %4, spans: %5, token: %6); Ctrl+C stops</source>
        <translation>pasarela LLM de demostración en %1 (modelo %2, %3 ranuras, fallos: %4, spans: %5, token: %6); Ctrl+C la detiene</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>not exported</source>
        <translation>no se exportan</translation>
    </message>
    <message>
        <source>any bearer token</source>
        <translation>cualquier token bearer</translation>
    </message>
    <message>
        <source>required from $%1</source>
        <translation>exigido desde $%1</translation>
    </message>
    <message>
        <source>served %1 requests (%2 completed, %3 unauthorized, %4 cancelled)</source>
        <translation>atendidas %1 solicitudes (%2 completadas, %3 no autorizadas, %4 canceladas)</translation>
    </message>
    <message>
        <source>exported %1 spans (%2 dropped)</source>
        <translation>exportados %1 spans (%2 descartados)</translation>
    </message>
    <message>
        <source>last export error: %1</source>
        <translation>último error de exportación: %1</translation>
    </message>
    <message>
        <source>Run to summarize (default: the only run of the file).</source>
        <translation>Ejecución que se resumirá (predeterminado: la única ejecución del archivo).</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Metric to summarize; repeat or separate with commas (default: every metric). TTFT variants are named: headers, first_event, first_content, first_text.</source>
        <translation>Métrica que se resumirá; repita o separe con comas (predeterminado: todas las métricas). Las variantes de TTFT se llaman: headers, first_event, first_content, first_text.</translation>
    </message>
    <message>
        <source>List the metric catalogue with units and definitions.</source>
        <translation>Lista el catálogo de métricas con unidades y definiciones.</translation>
    </message>
    <message>
        <source>Percentile convention: nearest-rank (default), linear, ecdf.</source>
        <translation>Convención de percentiles: nearest-rank (predeterminada), linear, ecdf.</translation>
    </message>
    <message>
        <source>Event unit: attempts (default) or logical (retries grouped).</source>
        <translation>Unidad de evento: attempts (predeterminada) o logical (reintentos agrupados).</translation>
    </message>
    <message>
        <source>UNIT</source>
        <translation>UNIDAD</translation>
    </message>
    <message>
        <source>Logical requests&apos; tokens: billed (all attempts, default) or logical (final attempt).</source>
        <translation>Tokens de las solicitudes lógicas: billed (todos los intentos, predeterminado) o logical (intento final).</translation>
    </message>
    <message>
        <source>COUNTING</source>
        <translation>CONTEO</translation>
    </message>
    <message>
        <source>Cached responses: include, exclude (default), only.</source>
        <translation>Respuestas en caché: include, exclude (predeterminado), only.</translation>
    </message>
    <message>
        <source>MODE</source>
        <translation>MODO</translation>
    </message>
    <message>
        <source>Outcomes in the latency figures: completed (default), all, or one outcome name. Outcome rates always cover every outcome.</source>
        <translation>Resultados en las cifras de latencia: completed (predeterminado), all, o el nombre de un resultado. Las tasas de resultados siempre cubren todos los resultados.</translation>
    </message>
    <message>
        <source>OUTCOME</source>
        <translation>RESULTADO</translation>
    </message>
    <message>
        <source>Only this model (repeatable).</source>
        <translation>Solo este modelo (repetible).</translation>
    </message>
    <message>
        <source>Only this stage (repeatable).</source>
        <translation>Solo esta etapa (repetible).</translation>
    </message>
    <message>
        <source>Only this input token bucket (repeatable).</source>
        <translation>Solo este grupo de tokens de entrada (repetible).</translation>
    </message>
    <message>
        <source>Only this output token bucket (repeatable).</source>
        <translation>Solo este grupo de tokens de salida (repetible).</translation>
    </message>
    <message>
        <source>Only rows whose COLUMN (a condition column) is VALUE (repeatable).</source>
        <translation>Solo las filas cuya COLUMNA (una columna de condición) es VALOR (repetible).</translation>
    </message>
    <message>
        <source>COLUMN=VALUE</source>
        <translation>COLUMNA=VALOR</translation>
    </message>
    <message>
        <source>SPEC</source>
        <translation>ESPEC</translation>
    </message>
    <message>
        <source>Warm-up excluded from the steady window (default 10000).</source>
        <translation>Calentamiento excluido de la ventana estable (predeterminado 10000).</translation>
    </message>
    <message>
        <source>Confidence of the percentile intervals (default 0.95).</source>
        <translation>Confianza de los intervalos de percentiles (predeterminada 0.95).</translation>
    </message>
    <message>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <source>Also print a time series with intervals of N ms: count, p95 and error rate.</source>
        <translation>Imprime también una serie temporal con intervalos de N ms: recuento, p95 y tasa de errores.</translation>
    </message>
    <message>
        <source>Metric of the time series (default: total).</source>
        <translation>Métrica de la serie temporal (predeterminada: total).</translation>
    </message>
    <message>
        <source>Also print the tail composition around p50/p95/p99: client, streaming or server.</source>
        <translation>Imprime también la composición de la cola en torno a p50/p95/p99: client, streaming o server.</translation>
    </message>
    <message>
        <source>KIND</source>
        <translation>TIPO</translation>
    </message>
    <message>
        <source>Half-width of a composition band in percentile points (default 1).</source>
        <translation>Semiancho de una banda de composición en puntos de percentil (predeterminado 1).</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>Compare with this run (same scope and window).</source>
        <translation>Compara con esta ejecución (mismo ámbito y ventana).</translation>
    </message>
    <message>
        <source>Compare with this window of the same run.</source>
        <translation>Compara con esta ventana de la misma ejecución.</translation>
    </message>
    <message>
        <source>&apos;ttft&apos; is ambiguous: name the milestone (headers, first_event, first_content, first_text)</source>
        <translation>&apos;ttft&apos; es ambiguo: indique el hito (headers, first_event, first_content, first_text)</translation>
    </message>
    <message>
        <source>unknown metric &apos;%1&apos; (see --list-metrics)</source>
        <translation>métrica desconocida &apos;%1&apos; (véase --list-metrics)</translation>
    </message>
    <message>
        <source>--run expects a run id</source>
        <translation>--run espera un id de ejecución</translation>
    </message>
    <message>
        <source>--convention expects nearest-rank, linear or ecdf</source>
        <translation>--convention espera nearest-rank, linear o ecdf</translation>
    </message>
    <message>
        <source>--scope expects attempts or logical</source>
        <translation>--scope espera attempts o logical</translation>
    </message>
    <message>
        <source>--tokens expects billed or logical</source>
        <translation>--tokens espera billed o logical</translation>
    </message>
    <message>
        <source>--cached expects include, exclude or only</source>
        <translation>--cached espera include, exclude u only</translation>
    </message>
    <message>
        <source>--outcome expects completed, all or an outcome name</source>
        <translation>--outcome espera completed, all o el nombre de un resultado</translation>
    </message>
    <message>
        <source>--filter expects COLUMN=VALUE</source>
        <translation>--filter espera COLUMNA=VALOR</translation>
    </message>
    <message>
        <source>--%1 expects a non-negative number of milliseconds</source>
        <translation>--%1 espera un número no negativo de milisegundos</translation>
    </message>
    <message>
        <source>--confidence expects a number between 0 and 1</source>
        <translation>--confidence espera un número entre 0 y 1</translation>
    </message>
    <message>
        <source>--interval-ms expects a positive number</source>
        <translation>--interval-ms espera un número positivo</translation>
    </message>
    <message>
        <source>--composition expects client, streaming or server</source>
        <translation>--composition espera client, streaming o server</translation>
    </message>
    <message>
        <source>--band-points expects a number between 0 and 50</source>
        <translation>--band-points espera un número entre 0 y 50</translation>
    </message>
    <message>
        <source>--baseline-run expects a run id</source>
        <translation>--baseline-run espera un id de ejecución</translation>
    </message>
    <message>
        <source>--baseline-window expects all, steady, stage:NAME or range:FROM_MS-TO_MS</source>
        <translation>--baseline-window espera all, steady, stage:NAME o range:FROM_MS-TO_MS</translation>
    </message>
    <message>
        <source>--window per-stage cannot be combined with a baseline</source>
        <translation>--window per-stage no se puede combinar con una línea base</translation>
    </message>
    <message>
        <source>scope: </source>
        <translation>ámbito: </translation>
    </message>
    <message>
        <source>window: </source>
        <translation>ventana: </translation>
    </message>
    <message>
        <source>statistic: </source>
        <translation>estadístico: </translation>
    </message>
    <message>
        <source>counts: %1 attempts, %2 logical requests, %3 retries, %4 events in scope</source>
        <translation>recuentos: %1 intentos, %2 solicitudes lógicas, %3 reintentos, %4 eventos en el ámbito</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>métrica</translation>
    </message>
    <message>
        <source>unit</source>
        <translation>unidad</translation>
    </message>
    <message>
        <source>p95 interval</source>
        <translation>intervalo p95</translation>
    </message>
    <message>
        <source>* = the single worst request of the sample; &apos;-&apos; = not available; interval bounds &apos;-&apos; = unbounded (too few values)</source>
        <translation>* = la peor solicitud individual de la muestra; &apos;-&apos; = no disponible; límites de intervalo &apos;-&apos; = sin límite (demasiados pocos valores)</translation>
    </message>
    <message>
        <source>no data: </source>
        <translation>sin datos: </translation>
    </message>
    <message>
        <source>Definitions:</source>
        <translation>Definiciones:</translation>
    </message>
    <message>
        <source>Outcome rates over %1 (%2 started, %3 dropped):</source>
        <translation>Tasas de resultados sobre %1 (%2 iniciadas, %3 descartadas):</translation>
    </message>
    <message>
        <source>error rate (provider_error + client_error)</source>
        <translation>tasa de errores (provider_error + client_error)</translation>
    </message>
    <message>
        <source>timeout rate</source>
        <translation>tasa de tiempos de espera agotados</translation>
    </message>
    <message>
        <source>cancellation rate</source>
        <translation>tasa de cancelaciones</translation>
    </message>
    <message>
        <source>partial rate</source>
        <translation>tasa de respuestas parciales</translation>
    </message>
    <message>
        <source>cache hit rate</source>
        <translation>tasa de aciertos de caché</translation>
    </message>
    <message>
        <source>Output rates over %1 completed requests in scope:</source>
        <translation>Tasas de salida sobre %1 solicitudes completadas en el ámbito:</translation>
    </message>
    <message>
        <source>request-weighted (mean of per-request tokens/s)</source>
        <translation>ponderada por solicitud (media de tokens/s por solicitud)</translation>
    </message>
    <message>
        <source>token-weighted (sum of tokens / sum of generation time)</source>
        <translation>ponderada por token (suma de tokens / suma del tiempo de generación)</translation>
    </message>
    <message>
        <source>Tokens (%1): input %2, cached input %3, output %4, reasoning %5</source>
        <translation>Tokens (%1): entrada %2, entrada en caché %3, salida %4, razonamiento %5</translation>
    </message>
    <message>
        <source>Warnings:</source>
        <translation>Advertencias:</translation>
    </message>
    <message>
        <source>Tail composition of %1 (mean of the requests within +/-%2 percentile points; adds up):</source>
        <translation>Composición de la cola de %1 (media de las solicitudes dentro de +/-%2 puntos de percentil; es aditiva):</translation>
    </message>
    <message>
        <source>Per-phase percentiles (each phase on its own; they do not add up):</source>
        <translation>Percentiles por fase (cada fase por separado; no se suman):</translation>
    </message>
    <message>
        <source>Time series of %1 (%2, %3 ms intervals):</source>
        <translation>Serie temporal de %1 (%2, intervalos de %3 ms):</translation>
    </message>
    <message>
        <source>Comparison: baseline %1 vs this %2</source>
        <translation>Comparación: línea base %1 frente a la actual %2</translation>
    </message>
    <message>
        <source>no scope drift detected</source>
        <translation>no se detectó deriva del ámbito</translation>
    </message>
    <message>
        <source>drift</source>
        <translation>deriva</translation>
    </message>
    <message>
        <source>Summarize a run: every figure is summarize(events, window, statistic).</source>
        <translation>Resume una ejecución: cada cifra es summarize(events, window, statistic).</translation>
    </message>
    <message>
        <source>the file has %1 runs: name one with --run ID</source>
        <translation>el archivo tiene %1 ejecuciones: indique una con --run ID</translation>
    </message>
    <message>
        <source>no run %1 in this file</source>
        <translation>no hay ninguna ejecución %1 en este archivo</translation>
    </message>
    <message>
        <source>Run %1 &apos;%2&apos;</source>
        <translation>Ejecución %1 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>etapa %1</translation>
    </message>
    <message>
        <source>no data: the run has no stages</source>
        <translation>sin datos: la ejecución no tiene etapas</translation>
    </message>
    <message>
        <source>Reconcile one request: client phases, server spans, network envelope.</source>
        <translation>Concilia una solicitud: fases del cliente, spans del servidor, envolvente de red.</translation>
    </message>
    <message>
        <source>Look in this run only.</source>
        <translation>Busca solo en esta ejecución.</translation>
    </message>
    <message>
        <source>W3C trace ID (32 hex digits).</source>
        <translation>Trace ID de W3C (32 dígitos hexadecimales).</translation>
    </message>
    <message>
        <source>TRACE_ID</source>
        <translation>TRACE_ID</translation>
    </message>
    <message>
        <source>name exactly one TRACE_ID</source>
        <translation>indique exactamente un TRACE_ID</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a trace ID (32 hex digits, not all zero)</source>
        <translation>&apos;%1&apos; no es un trace ID (32 dígitos hexadecimales, no todos cero)</translation>
    </message>
    <message>
        <source>trace %1 is in no run of this file (neither a request nor a span)</source>
        <translation>la traza %1 no está en ninguna ejecución de este archivo (ni como solicitud ni como span)</translation>
    </message>
    <message>
        <source>warning: the network envelope is negative: the client total is shorter than the server root, so the boundaries, the units or the join are wrong (not clamped)</source>
        <translation>advertencia: la envolvente de red es negativa: el total del cliente es más corto que la raíz del servidor, así que los límites, las unidades o la unión son incorrectos (no se recorta)</translation>
    </message>
    <message>
        <source>note: no client record has this trace ID; only the server side is shown</source>
        <translation>nota: ningún registro del cliente tiene este trace ID; solo se muestra el lado del servidor</translation>
    </message>
    <message>
        <source>several</source>
        <translation>varios</translation>
    </message>
    <message>
        <source>PASS</source>
        <translation>APROBADO</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>FALLIDO</translation>
    </message>
    <message>
        <source>CANNOT DECIDE</source>
        <translation>NO SE PUEDE DECIDIR</translation>
    </message>
    <message>
        <source>Run %1 &apos;%2&apos;: %3</source>
        <translation>Ejecución %1 &apos;%2&apos;: %3</translation>
    </message>
    <message>
        <source>Broken budget first: %1 %2 %3 %4 &gt; budget %5 %4 (likely owner: %6)</source>
        <translation>Primer presupuesto incumplido: %1 %2 %3 %4 &gt; presupuesto %5 %4 (responsable probable: %6)</translation>
    </message>
    <message>
        <source>budgets: %1</source>
        <translation>presupuestos: %1</translation>
    </message>
    <message>
        <source>warning: no budget was stored before the run started; the first stored version (set %1) was used</source>
        <translation>advertencia: no se almacenó ningún presupuesto antes de iniciar la ejecución; se usó la primera versión almacenada (fijada el %1)</translation>
    </message>
    <message>
        <source>window: %1</source>
        <translation>ventana: %1</translation>
    </message>
    <message>
        <source>Thresholds changed after the run started (the check uses the version set before it):</source>
        <translation>Los umbrales cambiaron después de iniciar la ejecución (la comprobación usa la versión fijada antes):</translation>
    </message>
    <message>
        <source>  %1: %2 -&gt; %3 (version %4, set %5)</source>
        <translation>  %1: %2 -&gt; %3 (versión %4, fijada el %5)</translation>
    </message>
    <message>
        <source>Run to check (default: the only run of the file).</source>
        <translation>Ejecución que se comprobará (predeterminado: la única ejecución del archivo).</translation>
    </message>
    <message>
        <source>Budget file (JSON, see docs/budgets.md); default: the run&apos;s stored budgets.</source>
        <translation>Archivo de presupuestos (JSON, véase docs/budgets.md); predeterminado: los presupuestos almacenados de la ejecución.</translation>
    </message>
    <message>
        <source>Store --budgets with the run as a new version (with its time).</source>
        <translation>Almacena --budgets con la ejecución como una nueva versión (con su fecha).</translation>
    </message>
    <message>
        <source>Use this stored version instead of the one set before the run.</source>
        <translation>Usa esta versión almacenada en lugar de la fijada antes de la ejecución.</translation>
    </message>
    <message>
        <source>Also write the result as JUnit XML to FILE.</source>
        <translation>Escribe también el resultado como JUnit XML en ARCHIVO.</translation>
    </message>
    <message>
        <source>--save-budgets needs --budgets FILE</source>
        <translation>--save-budgets necesita --budgets ARCHIVO</translation>
    </message>
    <message>
        <source>--budget-version expects a version number</source>
        <translation>--budget-version espera un número de versión</translation>
    </message>
    <message>
        <source>bad budget file: %1</source>
        <translation>archivo de presupuestos erróneo: %1</translation>
    </message>
    <message>
        <source>stored the budgets with run %1 as version %2</source>
        <translation>presupuestos almacenados con la ejecución %1 como versión %2</translation>
    </message>
    <message>
        <source>run %1 has no stored budgets: pass --budgets FILE</source>
        <translation>la ejecución %1 no tiene presupuestos almacenados: pase --budgets ARCHIVO</translation>
    </message>
    <message>
        <source>cannot write the JUnit file &apos;%1&apos;: %2</source>
        <translation>no se puede escribir el archivo JUnit &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>Run the built-in demo: gateway, receiver, a short load run, the join.</source>
        <translation>Ejecuta la demostración integrada: pasarela, receptor, una breve ejecución de carga, la unión.</translation>
    </message>
    <message>
        <source>Evaluate a run&apos;s budgets and gates (exit code for CI).</source>
        <translation>Evalúa los presupuestos y compuertas de una ejecución (código de salida para CI).</translation>
    </message>
    <message>
        <source>Diagnose a run: the phase that moved, its likely owner, the first check.</source>
        <translation>Diagnostica una ejecución: la fase que cambió, su responsable probable, la primera comprobación.</translation>
    </message>
    <message>
        <source>Join: coverage %1% (%2 of %3 attempts matched a server trace), %4 unmatched server traces, %5 negative envelopes, %6 duplicate trace IDs</source>
        <translation>Unión: cobertura %1% (%2 de %3 intentos emparejados con una traza del servidor), %4 trazas del servidor sin emparejar, %5 envolventes negativas, %6 trace IDs duplicados</translation>
    </message>
    <message>
        <source>--%1 expects a number above 0 and at most %2</source>
        <translation>--%1 espera un número mayor que 0 y como máximo %2</translation>
    </message>
    <message>
        <source>Start the OTLP receiver and the demo gateway on free loopback ports, run a short open-model load against the gateway, join client and server views and print the summary with join coverage and per-phase percentiles.</source>
        <translation>Inicia el receptor OTLP y la pasarela de demostración en puertos loopback libres, ejecuta una breve carga de modelo abierto contra la pasarela, une las vistas del cliente y del servidor e imprime el resumen con la cobertura de la unión y los percentiles por fase.</translation>
    </message>
    <message>
        <source>Switch a demo gateway fault on (repeatable; see --list-faults).</source>
        <translation>Activa un fallo de la pasarela de demostración (repetible; véase --list-faults).</translation>
    </message>
    <message>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <source>Compute slots of the demo inference pool (default 4).</source>
        <translation>Ranuras de cómputo del pool de inferencia de demostración (predeterminado 4).</translation>
    </message>
    <message>
        <source>Name of the run (default demo).</source>
        <translation>Nombre de la ejecución (predeterminado demo).</translation>
    </message>
    <message>
        <source>No live progress lines.</source>
        <translation>Sin líneas de progreso en vivo.</translation>
    </message>
    <message>
        <source>demo gateway %1, OTLP receiver %2, run %3 in %4</source>
        <translation>pasarela de demostración %1, receptor OTLP %2, ejecución %3 en %4</translation>
    </message>
    <message>
        <source>%1 s  %2  achieved %3/s  in flight %4  completed %5  failed %6  dropped %7</source>
        <translation>%1 s  %2  lograda %3/s  en curso %4  completadas %5  fallidas %6  descartadas %7</translation>
    </message>
    <message>
        <source>Spans: %1 exported by the gateway, %2 stored (%3 dropped)</source>
        <translation>Spans: %1 exportados por la pasarela, %2 almacenados (%3 descartados)</translation>
    </message>
    <message>
        <source>Stored in %1 (run %2). Open it with: phasebench %1</source>
        <translation>Almacenado en %1 (ejecución %2). Ábralo con: phasebench %1</translation>
    </message>
    <message>
        <source>compared: %1 -&gt; %2</source>
        <translation>comparado: %1 -&gt; %2</translation>
    </message>
    <message>
        <source>comparison refused: the load profiles differ</source>
        <translation>comparación rechazada: los perfiles de carga difieren</translation>
    </message>
    <message>
        <source>no finding: no rule fired</source>
        <translation>sin hallazgos: no se activó ninguna regla</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>   likely owner: %1 (confidence %2)</source>
        <translation>   responsable probable: %1 (confianza %2)</translation>
    </message>
    <message>
        <source>   rule: %1; between: %2</source>
        <translation>   regla: %1; entre: %2</translation>
    </message>
    <message>
        <source>   evidence:</source>
        <translation>   evidencia:</translation>
    </message>
    <message>
        <source>   first check: %1</source>
        <translation>   primera comprobación: %1</translation>
    </message>
    <message>
        <source>Stages (knee search):</source>
        <translation>Etapas (búsqueda del codo):</translation>
    </message>
    <message>
        <source>knee: %1; highest stage that met the budgets: %2</source>
        <translation>codo: %1; etapa más alta que cumplió los presupuestos: %2</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>no se encontró</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>Notas:</translation>
    </message>
    <message>
        <source>--%1 expects a run id</source>
        <translation>--%1 espera un id de ejecución</translation>
    </message>
    <message>
        <source>Diagnose a run: which phase moved, its likely owner and the first check, with evidence. Compares with --baseline, else the first and last stage, else the two halves of the run.</source>
        <translation>Diagnostica una ejecución: qué fase cambió, su responsable probable y la primera comprobación, con evidencias. Compara con --baseline; si no, la primera y la última etapa; si no, las dos mitades de la ejecución.</translation>
    </message>
    <message>
        <source>Run to diagnose (default: the only run of the file).</source>
        <translation>Ejecución que se diagnosticará (predeterminado: la única ejecución del archivo).</translation>
    </message>
    <message>
        <source>Baseline run to compare with (same load profile).</source>
        <translation>Ejecución de línea base con la que comparar (mismo perfil de carga).</translation>
    </message>
    <message>
        <source>--baseline must name another run</source>
        <translation>--baseline debe indicar otra ejecución</translation>
    </message>
    <message>
        <source>Budget file: broken phase budgets become findings, and a stepped run reports its highest stage that met them (default: the run&apos;s stored budgets).</source>
        <translation>Archivo de presupuestos: los presupuestos de fase incumplidos se convierten en hallazgos, y una ejecución escalonada informa de su etapa más alta que los cumplió (predeterminado: los presupuestos almacenados de la ejecución).</translation>
    </message>
    <message>
        <source>Thresholds of the run&apos;s stored budgets changed after the run started:</source>
        <translation>Los umbrales de los presupuestos almacenados de la ejecución cambiaron después de iniciarse:</translation>
    </message>
    <message>
        <source>  mapped %1</source>
        <translation>  asignado %1</translation>
    </message>
    <message>
        <source>Per-phase latency, %1; %2; %3:</source>
        <translation>Latencia por fase, %1; %2; %3:</translation>
    </message>
    <message>
        <source>definition</source>
        <translation>definición</translation>
    </message>
    <message>
        <source> (join coverage %1%)</source>
        <translation> (cobertura de la unión %1%)</translation>
    </message>
    <message>
        <source>Stages are summarized separately, never pooled:</source>
        <translation>Las etapas se resumen por separado, nunca agrupadas:</translation>
    </message>
    <message>
        <source>== stage %1: requested %2/s, achieved %3/s, dropped %4 ==</source>
        <translation>== etapa %1: solicitada %2/s, lograda %3/s, descartadas %4 ==</translation>
    </message>
    <message>
        <source>Pooled (asked for): %1</source>
        <translation>Agrupado (solicitado): %1</translation>
    </message>
    <message>
        <source>Window. Default: the run&apos;s own windows (one per stage of a stepped run, each without its settle time; else the steady window). per-stage: the same, always per stage. all, steady: the whole run, labelled pooled when it spans stages; stage:NAME (every event of one stage), stage-steady:NAME, range:FROM_MS-TO_MS (start time from run start).</source>
        <translation>Ventana. Predeterminada: las ventanas propias de la ejecución (una por etapa de una ejecución escalonada, cada una sin su tiempo de estabilización; si no, la ventana estable). per-stage: lo mismo, siempre por etapa. all, steady: toda la ejecución, marcada como agrupada cuando abarca varias etapas; stage:NOMBRE (todos los eventos de una etapa), stage-steady:NOMBRE, range:DESDE_MS-HASTA_MS (inicio desde el comienzo de la ejecución).</translation>
    </message>
    <message>
        <source>Settle time after each stage change excluded from the steady and stage windows (default 5000).</source>
        <translation>Tiempo de estabilización tras cada cambio de etapa excluido de las ventanas estable y de etapa (predeterminado 5000).</translation>
    </message>
    <message>
        <source>--window expects all, steady, stage:NAME, stage-steady:NAME, per-stage or range:FROM_MS-TO_MS</source>
        <translation>--window espera all, steady, stage:NOMBRE, stage-steady:NOMBRE, per-stage o range:DESDE_MS-HASTA_MS</translation>
    </message>
    <message>
        <source>the run has %1 stages: name the window to compare with --window (e.g. stage-steady:%2); stages are never pooled</source>
        <translation>la ejecución tiene %1 etapas: indique la ventana que se compara con --window (p. ej. stage-steady:%2); las etapas nunca se agrupan</translation>
    </message>
    <message>
        <source>join: coverage %1% (%2 of %3 sent attempts matched a server trace); joined phases are over the matched attempts</source>
        <translation>unión: cobertura %1% (%2 de %3 intentos enviados coincidieron con una traza del servidor); las fases unidas cubren los intentos coincidentes</translation>
    </message>
    <message>
        <source>stages are summarized separately, never pooled</source>
        <translation>las etapas se resumen por separado, nunca agrupadas</translation>
    </message>
    <message>
        <source>
Run &apos;phasebench-cli &lt;command&gt; --help&apos; for the options of a command, &apos;phasebench-cli --help-all&apos; for all of them; &apos;phasebench-cli --data-dir&apos; prints the folder of the example scenarios and budgets.</source>
        <translation>
Ejecute &apos;phasebench-cli &lt;comando&gt; --help&apos; para ver las opciones de un comando, &apos;phasebench-cli --help-all&apos; para verlas todas; &apos;phasebench-cli --data-dir&apos; muestra la carpeta de los escenarios y presupuestos de ejemplo.</translation>
    </message>
    <message>
        <source>no data folder: neither ../share/phasebench beside the program nor the source tree</source>
        <translation>no hay carpeta de datos: ni ../share/phasebench junto al programa ni el árbol de fuentes</translation>
    </message>
    <message>
        <source>p50 %1 ms, p99 %2 ms, max %3 ms (start - scheduled)</source>
        <translation>p50 %1 ms, p99 %2 ms, máx. %3 ms (inicio - programado)</translation>
    </message>
    <message>
        <source>WARNING: generator-bound: %1. The latency figures below are not those of an open-model test at the requested rate.</source>
        <translation>ADVERTENCIA: limitado por el generador: %1. Las cifras de latencia siguientes no son las de una prueba de modelo abierto a la tasa solicitada.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is read-only (file or folder permissions, or read-only media); this command writes to it. Copy it somewhere writable, or choose another file.</source>
        <translation>&apos;%1&apos; es de solo lectura (permisos del archivo o de la carpeta, o un soporte de solo lectura); este comando escribe en él. Cópielo a un lugar con permiso de escritura o elija otro archivo.</translation>
    </message>
    <message>
        <source>Largest record (a line, a CSV record, a JSON record such as a HAR entry; default %1).</source>
        <translation>Registro más grande (una línea, un registro CSV, un registro JSON como una entrada HAR; por defecto %1).</translation>
    </message>
    <message>
        <source>SIZE</source>
        <translation>TAMAÑO</translation>
    </message>
    <message>
        <source>Largest field (a JSON string, a CSV cell; default %1).</source>
        <translation>Campo más grande (una cadena JSON, una celda CSV; por defecto %1).</translation>
    </message>
    <message>
        <source>Largest document read whole (a pretty-printed OTLP document, vLLM results; default %1).</source>
        <translation>Documento más grande leído entero (un documento OTLP con sangría, resultados de vLLM; por defecto %1).</translation>
    </message>
    <message>
        <source>Largest decompressed size of a gzip file (default 0 = unlimited).</source>
        <translation>Tamaño descomprimido máximo de un archivo gzip (por defecto 0 = sin límite).</translation>
    </message>
    <message>
        <source>--%1 expects a size in bytes, e.g. 67108864 or 64MiB</source>
        <translation>--%1 espera un tamaño en bytes, p. ej. 67108864 o 64MiB</translation>
    </message>
    <message>
        <source>Write a run&apos;s report as PDF, self-contained HTML or Markdown.</source>
        <translation>Escribe el informe de una ejecución como PDF, HTML autónomo o Markdown.</translation>
    </message>
    <message>
        <source>Export a run&apos;s requests as CSV or JSON lines.</source>
        <translation>Exporta las solicitudes de una ejecución como CSV o JSON lines.</translation>
    </message>
    <message>
        <source>Export a run&apos;s requests, every column, as CSV or JSON lines (the column names of the native CSV import; NULL is an empty cell or null).</source>
        <translation>Exporta las solicitudes de una ejecución, con todas las columnas, como CSV o JSON lines (los nombres de columna de la importación CSV nativa; NULL es una celda vacía o null).</translation>
    </message>
    <message>
        <source>Run to export (default: the only run of the file).</source>
        <translation>Ejecución que se exportará (predeterminado: la única ejecución del archivo).</translation>
    </message>
    <message>
        <source>csv (default) or jsonl.</source>
        <translation>csv (predeterminado) o jsonl.</translation>
    </message>
    <message>
        <source>FORMAT</source>
        <translation>FORMATO</translation>
    </message>
    <message>
        <source>Output file (default: standard output).</source>
        <translation>Archivo de salida (predeterminado: salida estándar).</translation>
    </message>
    <message>
        <source>--format expects csv or jsonl</source>
        <translation>--format espera csv o jsonl</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;</source>
        <translation>no se puede escribir &apos;%1&apos;</translation>
    </message>
    <message>
        <source>writing the export failed</source>
        <translation>falló la escritura de la exportación</translation>
    </message>
    <message>
        <source>exported %1 requests</source>
        <translation>exportadas %1 solicitudes</translation>
    </message>
    <message>
        <source>Write a run&apos;s report: verdict, per-stage figures, charts, diagnosis, the slowest requests, provenance and, with --baseline, a comparison.</source>
        <translation>Escribe el informe de una ejecución: veredicto, cifras por etapa, gráficos, diagnóstico, las solicitudes más lentas, procedencia y, con --baseline, una comparación.</translation>
    </message>
    <message>
        <source>Run to report (default: the only run of the file).</source>
        <translation>Ejecución de la que se hará el informe (predeterminado: la única ejecución del archivo).</translation>
    </message>
    <message>
        <source>Baseline run to compare with.</source>
        <translation>Ejecución de línea base con la que comparar.</translation>
    </message>
    <message>
        <source>Budget file (default: the budgets stored with the run).</source>
        <translation>Archivo de presupuestos (predeterminado: los presupuestos almacenados con la ejecución).</translation>
    </message>
    <message>
        <source>pdf, html or md (default: from the output file&apos;s suffix).</source>
        <translation>pdf, html o md (predeterminado: según la extensión del archivo de salida).</translation>
    </message>
    <message>
        <source>Page size of a PDF: a4 (default) or letter.</source>
        <translation>Tamaño de página de un PDF: a4 (predeterminado) o letter.</translation>
    </message>
    <message>
        <source>Output file.</source>
        <translation>Archivo de salida.</translation>
    </message>
    <message>
        <source>name the output file with -o FILE</source>
        <translation>indique el archivo de salida con -o ARCHIVO</translation>
    </message>
    <message>
        <source>--format expects pdf, html or md</source>
        <translation>--format espera pdf, html o md</translation>
    </message>
    <message>
        <source>--page expects a4 or letter</source>
        <translation>--page espera a4 o letter</translation>
    </message>
    <message>
        <source>the report draws charts and needs the GUI library (run phasebench-cli itself)</source>
        <translation>el informe dibuja gráficos y necesita la biblioteca de GUI (ejecute el propio phasebench-cli)</translation>
    </message>
    <message>
        <source>wrote %1</source>
        <translation>se escribió %1</translation>
    </message>
    <message>
        <source>Goodput gate: at least this share (0-1) of each stage&apos;s requests must meet every latency budget at once (overrides the budgets&apos; gates.min_goodput).</source>
        <translation>Umbral de goodput: al menos esta proporción (0-1) de las solicitudes de cada etapa debe cumplir todos los presupuestos de latencia a la vez (anula gates.min_goodput de los presupuestos).</translation>
    </message>
    <message>
        <source>--min-goodput expects a share between 0 and 1</source>
        <translation>--min-goodput espera una proporción entre 0 y 1</translation>
    </message>
    <message>
        <source>Receive OTLP traces (HTTP and gRPC) into a workbench file.</source>
        <translation>Recibe trazas OTLP (HTTP y gRPC) en un archivo de banco de trabajo.</translation>
    </message>
    <message>
        <source>Write a k6 script for a load scenario (scale-out on k6).</source>
        <translation>Escribe un script de k6 para un escenario de carga (escalado horizontal con k6).</translation>
    </message>
    <message>
        <source>Merge several generators&apos; workbench files into one run.</source>
        <translation>Combina los archivos de banco de trabajo de varios generadores en una sola ejecución.</translation>
    </message>
    <message>
        <source>Fetch a run&apos;s traces from Jaeger by trace ID, store and join them.</source>
        <translation>Obtiene las trazas de una ejecución desde Jaeger por trace ID, las almacena y las une.</translation>
    </message>
    <message>
        <source>--steps expects rates above 0 and at most 1000, separated by commas (got &apos;%1&apos;)</source>
        <translation>--steps espera tasas mayores que 0 y de como máximo 1000, separadas por comas (se recibió &apos;%1&apos;)</translation>
    </message>
    <message>
        <source>stepped (default: one stage per rate of --steps, past the demo pool&apos;s knee) or steady (one rate, --rate).</source>
        <translation>stepped (predeterminado: una etapa por cada tasa de --steps, más allá del codo del pool de demostración) o steady (una sola tasa, --rate).</translation>
    </message>
    <message>
        <source>Arrival rates of the stepped profile, one stage each (default 3,5,7,9).</source>
        <translation>Tasas de llegada del perfil escalonado, una etapa por tasa (predeterminado 3,5,7,9).</translation>
    </message>
    <message>
        <source>R,R,…</source>
        <translation>R,R,…</translation>
    </message>
    <message>
        <source>Requests per second of the steady profile (default 6); implies --profile steady.</source>
        <translation>Solicitudes por segundo del perfil estable (predeterminado 6); implica --profile steady.</translation>
    </message>
    <message>
        <source>Do not store the demo&apos;s budgets with the run.</source>
        <translation>No almacena los presupuestos de la demostración con la ejecución.</translation>
    </message>
    <message>
        <source>OTLP/HTTP receiver port (default: any free port; the gateway sends its spans there; 0 = off).</source>
        <translation>Puerto del receptor OTLP/HTTP (predeterminado: cualquier puerto libre; la pasarela envía allí sus spans; 0 = desactivado).</translation>
    </message>
    <message>
        <source>Also receive spans over OTLP/gRPC on this port (default 0 = off).</source>
        <translation>Recibe también spans por OTLP/gRPC en este puerto (predeterminado 0 = desactivado).</translation>
    </message>
    <message>
        <source>--%1 expects a number from 0 to 65535</source>
        <translation>--%1 espera un número de 0 a 65535</translation>
    </message>
    <message>
        <source>--profile expects stepped or steady (got &apos;%1&apos;)</source>
        <translation>--profile espera stepped o steady (se recibió &apos;%1&apos;)</translation>
    </message>
    <message>
        <source>--rate sets the steady profile&apos;s rate; the stepped profile takes --steps</source>
        <translation>--rate fija la tasa del perfil estable; el perfil escalonado usa --steps</translation>
    </message>
    <message>
        <source>--steps sets the stepped profile&apos;s rates; the steady profile takes --rate</source>
        <translation>--steps fija las tasas del perfil escalonado; el perfil estable usa --rate</translation>
    </message>
    <message>
        <source>OTLP/gRPC receiver %1</source>
        <translation>Receptor OTLP/gRPC %1</translation>
    </message>
    <message>
        <source>Write a k6 script for a load scenario: its executor and stages, request bodies, header names, timeout and retries, a fresh traceparent per attempt with a per-instance prefix, LLM trends tagged with the trace ID and its budgets as thresholds (docs/scale-out.md).</source>
        <translation>Escribe un script de k6 para un escenario de carga: su ejecutor y sus etapas, los cuerpos de las solicitudes, los nombres de las cabeceras, el tiempo de espera y los reintentos, un traceparent nuevo por intento con un prefijo por instancia, Trends de LLM etiquetados con el trace ID y sus presupuestos como umbrales (docs/scale-out.md).</translation>
    </message>
    <message>
        <source>Script file (default: standard output).</source>
        <translation>Archivo del script (predeterminado: salida estándar).</translation>
    </message>
    <message>
        <source>Scenario JSON file.</source>
        <translation>Archivo JSON del escenario.</translation>
    </message>
    <message>
        <source>SCENARIO.json</source>
        <translation>ESCENARIO.json</translation>
    </message>
    <message>
        <source>name exactly one SCENARIO.json</source>
        <translation>indique exactamente un ESCENARIO.json</translation>
    </message>
    <message>
        <source>threshold %1: %2 (budget %3)</source>
        <translation>umbral %1: %2 (presupuesto %3)</translation>
    </message>
    <message>
        <source>budget %1 is not a k6 threshold: %2</source>
        <translation>el presupuesto %1 no es un umbral de k6: %2</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>nota: %1</translation>
    </message>
    <message>
        <source>Run %1: %L2 trace IDs; already present %L3, fetched %L4, missing %L5, failed %L6</source>
        <translation>Ejecución %1: %L2 trace IDs; ya presentes %L3, obtenidas %L4, ausentes %L5, fallidas %L6</translation>
    </message>
    <message>
        <source>  spans stored: %L1 (requests: %L2, retries: %L3)</source>
        <translation>  spans almacenados: %L1 (solicitudes: %L2, reintentos: %L3)</translation>
    </message>
    <message>
        <source>  failed %1: %2</source>
        <translation>  falló %1: %2</translation>
    </message>
    <message>
        <source>  … and %L1 more failed</source>
        <translation>  … y %L1 fallidas más</translation>
    </message>
    <message>
        <source>Join coverage: none (no attempt was sent)</source>
        <translation>Cobertura de la unión: ninguna (no se envió ningún intento)</translation>
    </message>
    <message>
        <source>Join coverage: %1% (%L2 of %L3 attempts matched)</source>
        <translation>Cobertura de la unión: %1% (%L2 de %L3 intentos coincidieron)</translation>
    </message>
    <message>
        <source>Cancelled: what was fetched is stored; fetch again to fetch the rest.</source>
        <translation>Cancelado: lo ya obtenido se ha almacenado; vuelva a obtener las trazas para traer el resto.</translation>
    </message>
    <message>
        <source>Some traces failed; fetch again to retry them (the others are skipped).</source>
        <translation>Algunas trazas fallaron; vuelva a obtenerlas para reintentarlas (las demás se omiten).</translation>
    </message>
    <message>
        <source>Fetch a run&apos;s server traces from a Jaeger query service by trace ID, store them into the run and join it. Traces already in the run are skipped, so a second fetch resumes.</source>
        <translation>Obtiene las trazas del servidor de una ejecución desde un servicio de consulta de Jaeger por trace ID, las almacena en la ejecución y la une. Las trazas que ya están en la ejecución se omiten, así que una segunda obtención reanuda la anterior.</translation>
    </message>
    <message>
        <source>The run (default: the file&apos;s only run).</source>
        <translation>La ejecución (predeterminada: la única ejecución del archivo).</translation>
    </message>
    <message>
        <source>The Jaeger query service, e.g. http://localhost:16686 (GET /api/traces/ID).</source>
        <translation>El servicio de consulta de Jaeger, p. ej. http://localhost:16686 (GET /api/traces/ID).</translation>
    </message>
    <message>
        <source>Keep only spans of this service (default: every span of the trace).</source>
        <translation>Conserva solo los spans de este servicio (predeterminado: todos los spans de la traza).</translation>
    </message>
    <message>
        <source>Requests in flight (default 8, at most 64).</source>
        <translation>Solicitudes en curso (predeterminado 8, como máximo 64).</translation>
    </message>
    <message>
        <source>Repeats of a request after 429, 5xx or a network error (default 3).</source>
        <translation>Repeticiones de una solicitud tras un 429, un 5xx o un error de red (predeterminado 3).</translation>
    </message>
    <message>
        <source>Seconds per request (default 30).</source>
        <translation>Segundos por solicitud (predeterminado 30).</translation>
    </message>
    <message>
        <source>An extra request header, e.g. &apos;X-Scope-OrgID: team&apos; (repeatable; never stored or printed).</source>
        <translation>Una cabecera de solicitud adicional, p. ej. &apos;X-Scope-OrgID: team&apos; (repetible; nunca se almacena ni se imprime).</translation>
    </message>
    <message>
        <source>NAME:VALUE</source>
        <translation>NOMBRE:VALOR</translation>
    </message>
    <message>
        <source>Send &apos;Authorization: Bearer&apos; with the token in this environment variable.</source>
        <translation>Envía &apos;Authorization: Bearer&apos; con el token de esta variable de entorno.</translation>
    </message>
    <message>
        <source>missing --jaeger URL (the query service, e.g. http://localhost:16686)</source>
        <translation>falta --jaeger URL (el servicio de consulta, p. ej. http://localhost:16686)</translation>
    </message>
    <message>
        <source>--%1 expects a number from %2 to %3</source>
        <translation>--%1 espera un número de %2 a %3</translation>
    </message>
    <message>
        <source>--header expects NAME:VALUE (got a header without a name or a colon)</source>
        <translation>--header espera NOMBRE:VALOR (se recibió una cabecera sin nombre o sin dos puntos)</translation>
    </message>
    <message>
        <source>--token-env: the environment variable %1 is not set</source>
        <translation>--token-env: la variable de entorno %1 no está definida</translation>
    </message>
    <message>
        <source>%L1 of %L2 traces answered…</source>
        <translation>%L1 de %L2 trazas respondidas…</translation>
    </message>
    <message>
        <source>fetch-traces failed: %1</source>
        <translation>fetch-traces falló: %1</translation>
    </message>
    <message>
        <source>fetch-traces failed (what was committed before stays): %1</source>
        <translation>fetch-traces falló (lo confirmado antes se conserva): %1</translation>
    </message>
    <message>
        <source>With --into: largest difference between the start of a file&apos;s generator and the run&apos;s, e.g. 500ms or 2s; &apos;off&apos; skips the check (default 1s).</source>
        <translation>Con --into: diferencia máxima entre el inicio del generador de un archivo y el de la ejecución, p. ej. 500ms o 2s; &apos;off&apos; omite la comprobación (predeterminado 1s).</translation>
    </message>
    <message>
        <source>DURATION</source>
        <translation>DURACIÓN</translation>
    </message>
    <message>
        <source>--max-clock-offset expects a duration such as 500ms or 2s, or off</source>
        <translation>--max-clock-offset espera una duración como 500ms o 2s, u off</translation>
    </message>
    <message>
        <source>  generator %1 (%2): clock offset %3 ms</source>
        <translation>  generador %1 (%2): desfase de reloj %3 ms</translation>
    </message>
    <message>
        <source>  start spread %1 ms</source>
        <translation>  dispersión del inicio %1 ms</translation>
    </message>
    <message>
        <source>import refused, nothing was stored: %1</source>
        <translation>importación rechazada, no se almacenó nada: %1</translation>
    </message>
    <message>
        <source>Merge the runs of several generators (workbench files from different machines, the same scenario) into one new run of --db: every attempt keeps its generator ID. The generators&apos; schedules must have started within --max-clock-offset of each other.</source>
        <translation>Combina las ejecuciones de varios generadores (archivos de banco de trabajo de distintas máquinas, mismo escenario) en una nueva ejecución de --db: cada intento conserva su ID de generador. Las planificaciones de los generadores deben haber empezado con una diferencia de como máximo --max-clock-offset entre sí.</translation>
    </message>
    <message>
        <source>Name of the merged run (default: the first run&apos;s name + &quot; (merged)&quot;).</source>
        <translation>Nombre de la ejecución combinada (predeterminado: el nombre de la primera ejecución + &quot; (merged)&quot;).</translation>
    </message>
    <message>
        <source>Largest difference between the generators&apos; start times, e.g. 500ms or 2s; &apos;off&apos; skips the check (default 1s).</source>
        <translation>Diferencia máxima entre los instantes de inicio de los generadores, p. ej. 500ms o 2s; &apos;off&apos; omite la comprobación (predeterminado 1s).</translation>
    </message>
    <message>
        <source>Workbench files, each FILE or FILE:RUN_ID.</source>
        <translation>Archivos de banco de trabajo, cada uno ARCHIVO o ARCHIVO:ID_EJECUCIÓN.</translation>
    </message>
    <message>
        <source>FILE[:RUN]…</source>
        <translation>ARCHIVO[:EJECUCIÓN]…</translation>
    </message>
    <message>
        <source>name at least two workbench files to merge</source>
        <translation>indique al menos dos archivos de banco de trabajo para combinar</translation>
    </message>
    <message>
        <source>merge refused, nothing was stored: %1</source>
        <translation>combinación rechazada, no se almacenó nada: %1</translation>
    </message>
    <message>
        <source>merge failed, nothing was stored: %1</source>
        <translation>la combinación falló, no se almacenó nada: %1</translation>
    </message>
    <message>
        <source>merged %1 requests, %2 spans into run %3</source>
        <translation>combinadas %1 solicitudes y %2 spans en la ejecución %3</translation>
    </message>
    <message>
        <source>  %1: generator %2, %3 requests, clock offset %4 ms</source>
        <translation>  %1: generador %2, %3 solicitudes, desfase de reloj %4 ms</translation>
    </message>
    <message>
        <source>  start spread %1 ms (limit %2)</source>
        <translation>  dispersión del inicio %1 ms (límite %2)</translation>
    </message>
    <message>
        <source>off</source>
        <translation>desactivado</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>advertencia: %1</translation>
    </message>
    <message>
        <source>Receive OTLP traces over HTTP (POST /v1/traces) and gRPC (TraceService/Export) into a workbench file until Ctrl+C.</source>
        <translation>Recibe trazas OTLP por HTTP (POST /v1/traces) y gRPC (TraceService/Export) en un archivo de banco de trabajo hasta pulsar Ctrl+C.</translation>
    </message>
    <message>
        <source>OTLP/HTTP port (default 4318; 0 = off).</source>
        <translation>Puerto OTLP/HTTP (predeterminado 4318; 0 = desactivado).</translation>
    </message>
    <message>
        <source>OTLP/gRPC port (default 4317, skipped with a warning when taken; 0 = off).</source>
        <translation>Puerto OTLP/gRPC (predeterminado 4317, se omite con una advertencia si está ocupado; 0 = desactivado).</translation>
    </message>
    <message>
        <source>OTLP/HTTP port, as before --http-port (0 = any free port).</source>
        <translation>Puerto OTLP/HTTP, como antes de --http-port (0 = cualquier puerto libre).</translation>
    </message>
    <message>
        <source>both receivers are off: give --http-port or --grpc-port a port</source>
        <translation>ambos receptores están desactivados: indique un puerto en --http-port o --grpc-port</translation>
    </message>
    <message>
        <source>cannot start the OTLP/HTTP receiver: %1</source>
        <translation>no se puede iniciar el receptor OTLP/HTTP: %1</translation>
    </message>
    <message>
        <source>cannot start the OTLP/gRPC receiver: %1</source>
        <translation>no se puede iniciar el receptor OTLP/gRPC: %1</translation>
    </message>
    <message>
        <source>warning: no OTLP/gRPC receiver: %1 (choose another with --grpc-port)</source>
        <translation>advertencia: sin receptor OTLP/gRPC: %1 (elija otro puerto con --grpc-port)</translation>
    </message>
    <message>
        <source>OTLP/HTTP receiver on %1 (protobuf and JSON)</source>
        <translation>Receptor OTLP/HTTP en %1 (protobuf y JSON)</translation>
    </message>
    <message>
        <source>OTLP/gRPC receiver on %1 (TraceService/Export)</source>
        <translation>Receptor OTLP/gRPC en %1 (TraceService/Export)</translation>
    </message>
    <message>
        <source>For vLLM (and any OpenTelemetry SDK) set:</source>
        <translation>Para vLLM (y cualquier SDK de OpenTelemetry) defina:</translation>
    </message>
    <message>
        <source>or start vLLM with %1</source>
        <translation>o inicie vLLM con %1</translation>
    </message>
    <message>
        <source>writing to %1; Ctrl+C stops</source>
        <translation>escribiendo en %1; Ctrl+C detiene</translation>
    </message>
    <message>
        <source>refused %1 batches (HTTP 503 or gRPC UNAVAILABLE, exporters retry them): %2</source>
        <translation>rechazados %1 lotes (HTTP 503 o gRPC UNAVAILABLE, los exportadores los reintentan): %2</translation>
    </message>
    <message>
        <source>%1 batches (%2 spans) were refused (HTTP 503, gRPC UNAVAILABLE) and left to the exporters to retry; last reason: %3</source>
        <translation>%1 lotes (%2 spans) se rechazaron (HTTP 503, gRPC UNAVAILABLE) y quedan para que los exportadores los reintenten; último motivo: %3</translation>
    </message>
    <message>
        <source>Receive the server&apos;s spans over OTLP/HTTP on this port during the run (%1 is usual; default 0 = off).</source>
        <translation>Recibe los spans del servidor por OTLP/HTTP en este puerto durante la ejecución (lo habitual es %1; predeterminado 0 = desactivado).</translation>
    </message>
    <message>
        <source>Receive the server&apos;s spans over OTLP/gRPC on this port during the run (%1 is usual; default 0 = off).</source>
        <translation>Recibe los spans del servidor por OTLP/gRPC en este puerto durante la ejecución (lo habitual es %1; predeterminado 0 = desactivado).</translation>
    </message>
    <message>
        <source>OTLP/gRPC receiver on %1</source>
        <translation>Receptor OTLP/gRPC en %1</translation>
    </message>
    <message>
        <source>OTLP/HTTP receiver on %1</source>
        <translation>Receptor OTLP/HTTP en %1</translation>
    </message>
    <message>
        <source>Goodput (requests meeting every latency budget at once; budgets: %1):</source>
        <translation>Goodput (solicitudes que cumplen todos los presupuestos de latencia a la vez; presupuestos: %1):</translation>
    </message>
    <message>
        <source>not available: %1</source>
        <translation>no disponible: %1</translation>
    </message>
    <message>
        <source>%1 of %2 requests: %3; %4 good req/s</source>
        <translation>%1 de %2 solicitudes: %3; %4 req/s buenas</translation>
    </message>
    <message>
        <source>not good: %1 did not complete, %2 over a budget, %3 without a budgeted value</source>
        <translation>no buenas: %1 no se completaron, %2 superaron un presupuesto, %3 sin valor presupuestado</translation>
    </message>
    <message>
        <source>per-request thresholds: %1</source>
        <translation>umbrales por solicitud: %1</translation>
    </message>
    <message>
        <source>Goodput against this budget file (default: the budgets stored with the run).</source>
        <translation>Goodput según este archivo de presupuestos (predeterminado: los presupuestos almacenados con la ejecución).</translation>
    </message>
    <message>
        <source>importing: %1 (an import in progress, or one that failed; no command reads it, it is removed when the file is next opened after its import process has ended)</source>
        <translation>importando: %1 (una importación en curso o una que falló; ningún comando la lee y se elimina la próxima vez que se abra el archivo, una vez terminado su proceso de importación)</translation>
    </message>
    <message>
        <source>Pool several models or scenarios into one figure (labelled pooled); by default a run with more than one is summarized per group.</source>
        <translation>Agrupa varios modelos o escenarios en una sola cifra (marcada como agrupada); de forma predeterminada, una ejecución con más de uno se resume por grupo.</translation>
    </message>
    <message>
        <source>stages, models and scenarios are summarized separately, never pooled</source>
        <translation>las etapas, los modelos y los escenarios se resumen por separado, nunca agrupados</translation>
    </message>
    <message>
        <source>pooled over %1 groups (--pool-groups)</source>
        <translation>agrupado a partir de %1 grupos (--pool-groups)</translation>
    </message>
    <message>
        <source>dropped iterations: %1 (the stage&apos;s or run&apos;s recorded count, not rows of the window)</source>
        <translation>iteraciones descartadas: %1 (el recuento registrado de la etapa o de la ejecución, no las filas de la ventana)</translation>
    </message>
    <message>
        <source>budgets: %1 (N %2, %3)</source>
        <translation>presupuestos: %1 (N %2, %3)</translation>
    </message>
    <message>
        <source>budgets (%1): %2</source>
        <translation>presupuestos (%1): %2</translation>
    </message>
    <message>
        <source>highest stage that met every budget: %1; knee: %2</source>
        <translation>etapa más alta que cumplió todos los presupuestos: %1; codo: %2</translation>
    </message>
    <message>
        <source>CSV: write text cells as stored. By default a text cell starting with =, +, -, @, tab or CR gets a leading &apos; so that a spreadsheet does not run it as a formula (numbers are never changed).</source>
        <translation>CSV: escribe las celdas de texto tal como están almacenadas. De forma predeterminada, a una celda de texto que empieza por =, +, -, @, tabulador o CR se le antepone &apos; para que una hoja de cálculo no la ejecute como fórmula (los números nunca se modifican).</translation>
    </message>
    <message>
        <source>stage %1: %2, N %3 (%4)</source>
        <translation>etapa %1: %2, N %3 (%4)</translation>
    </message>
    <message>
        <source>highest stage that met every budget: %1</source>
        <translation>etapa más alta que cumplió todos los presupuestos: %1</translation>
    </message>
    <message>
        <source>Evaluate a run&apos;s budgets and gates. Exit codes: 0 all pass, 3 a budget or gate failed, 4 cannot decide (a percentile&apos;s interval across its threshold, join coverage too low, a phase not measured), 1 error, 2 usage.</source>
        <translation>Evalúa los presupuestos y compuertas de una ejecución. Códigos de salida: 0 todo aprobado, 3 falló un presupuesto o compuerta, 4 no se puede decidir (el intervalo de un percentil abarca su umbral, cobertura de unión demasiado baja, una fase sin medir), 1 error, 2 uso.</translation>
    </message>
    <message>
        <source>--header %1: the value holds a line break (CR or LF); a header is one line</source>
        <translation>--header %1: el valor contiene un salto de línea (CR o LF); una cabecera ocupa una sola línea</translation>
    </message>
    <message>
        <source>--token-env: the environment variable %1 holds a line break (CR or LF); a header value must be one line</source>
        <translation>--token-env: la variable de entorno %1 contiene un salto de línea (CR o LF); el valor de una cabecera debe ocupar una sola línea</translation>
    </message>
    <message>
        <source>--otlp expects an http:// URL without user-info (the exporter sends no credentials), e.g. http://127.0.0.1:4318</source>
        <translation>--otlp espera una URL http:// sin información de usuario (user-info; el exportador no envía credenciales), p. ej. http://127.0.0.1:4318</translation>
    </message>
    <message>
        <source>--db: the path &apos;%1&apos; is not valid UTF-8 (the character shown as %2 stands for a byte that is not); rename the file or its folder to UTF-8, or give a path through a symbolic link whose name is UTF-8</source>
        <translation>--db: la ruta &apos;%1&apos; no es UTF-8 válido (el carácter mostrado como %2 representa un byte que no lo es); cambie el nombre del archivo o de su carpeta a UTF-8, o indique una ruta a través de un enlace simbólico cuyo nombre sea UTF-8</translation>
    </message>
    <message>
        <source>Seconds of load after the warm-up (default: steady 32; stepped as long as 45 steady requests per stage take after a 5 s settle, 55 at 3,5,7,9). The stepped profile shares them so that each stage holds the same number of steady requests.</source>
        <translation>Segundos de carga tras el calentamiento (predeterminado: steady 32; stepped, lo que tarden 45 solicitudes de la ventana estable por etapa tras una estabilización de 5 s, 55 con 3,5,7,9). El perfil escalonado los reparte de modo que cada etapa contenga el mismo número de solicitudes de la ventana estable.</translation>
    </message>
    <message>
        <source>  (gpu_queue %1 is the knee rule&apos;s figure; &quot;budgets met&quot; is decided at the budgets&apos; %2)</source>
        <translation>  (gpu_queue %1 es la cifra de la regla del codo; «presupuestos cumplidos» se decide en el %2 de los presupuestos)</translation>
    </message>
    <message>
        <source>Markdown: also draw the charts, as PNG files beside the report (needs the GUI libraries; offscreen without a display). PDF and HTML always have them.</source>
        <translation>Markdown: dibujar también los gráficos, como archivos PNG junto al informe (necesita las bibliotecas gráficas; fuera de pantalla si no hay display). PDF y HTML siempre los incluyen.</translation>
    </message>
    <message>
        <source>The server&apos;s trace-sampling policy, recorded with the run: head, tail, head+tail, all (no sampling) or unknown (default).</source>
        <translation>La política de muestreo de trazas del servidor, registrada con la ejecución: head, tail, head+tail, all (sin muestreo) o unknown (predeterminado).</translation>
    </message>
    <message>
        <source>POLICY</source>
        <translation>POLÍTICA</translation>
    </message>
    <message>
        <source>With --sampling head or head+tail: the share of traces kept, e.g. 0.1.</source>
        <translation>Con --sampling head o head+tail: la proporción de trazas conservadas, p. ej. 0.1.</translation>
    </message>
    <message>
        <source>RATIO</source>
        <translation>PROPORCIÓN</translation>
    </message>
    <message>
        <source>With --sampling tail or head+tail: the tail rules as one line, e.g. &apos;errors; duration &gt; 2s; 5% of the rest&apos;.</source>
        <translation>Con --sampling tail o head+tail: las reglas de cola en una línea, p. ej. &apos;errors; duration &gt; 2s; 5% of the rest&apos;.</translation>
    </message>
    <message>
        <source>TEXT</source>
        <translation>TEXTO</translation>
    </message>
    <message>
        <source>--sampling expects head, tail, head+tail, all or unknown</source>
        <translation>--sampling espera head, tail, head+tail, all o unknown</translation>
    </message>
    <message>
        <source>--head-ratio expects a number greater than 0 and at most 1, e.g. 0.1</source>
        <translation>--head-ratio espera un número mayor que 0 y como máximo 1, p. ej. 0.1</translation>
    </message>
    <message>
        <source>--sampling: %1</source>
        <translation>--sampling: %1</translation>
    </message>
    <message>
        <source>NOT MEASURABLE ON THIS ROUTE</source>
        <translation>NO MEDIBLE EN ESTA RUTA</translation>
    </message>
    <message>
        <source>--head-ratio and --tail-rules need --sampling</source>
        <translation>--head-ratio y --tail-rules necesitan --sampling</translation>
    </message>
    <message>
        <source>%1 of %2 over-budget requests are dominated by %3 (%4); by %5, against the typical values of the %6 (N %7):</source>
        <translation>%1 de %2 solicitudes por encima del presupuesto están dominadas por %3 (%4); por %5, frente a los valores típicos de las %6 (N %7):</translation>
    </message>
    <message>
        <source>seq %1</source>
        <translation>seq %1</translation>
    </message>
    <message>
        <source>%1: %2 (%3, interval %4-%5), owner %6, typical %7 ms; worst: %8</source>
        <translation>%1: %2 (%3, intervalo %4-%5), responsable %6, típico %7 ms; peores: %8</translation>
    </message>
    <message>
        <source>%1 of %2 over-budget requests have no measured %3 and are counted apart</source>
        <translation>%1 de %2 solicitudes por encima del presupuesto no tienen %3 medidas y se cuentan aparte</translation>
    </message>
    <message>
        <source>Compare two requests, TRACE_ID A then B: the per-phase delta table (B - A), chunk gaps and the target&apos;s gauges at each start. Without IDs, with --run: the p50 and p99 exemplars of total.</source>
        <translation>Compara dos solicitudes, TRACE_ID A y luego B: la tabla de diferencias por fase (B - A), los intervalos entre fragmentos y los indicadores del destino al inicio de cada una. Sin ID, con --run: los ejemplares p50 y p99 de total.</translation>
    </message>
    <message>
        <source>not scraped</source>
        <translation>no leído</translation>
    </message>
    <message>
        <source>no request of run %1 has trace %2</source>
        <translation>ninguna solicitud de la ejecución %1 tiene la traza %2</translation>
    </message>
    <message>
        <source>no request in this file has trace %1</source>
        <translation>ninguna solicitud de este archivo tiene la traza %1</translation>
    </message>
    <message>
        <source>--compare takes two TRACE_IDs (A then B), or none with --run for the p50 and p99 exemplars of total</source>
        <translation>--compare admite dos TRACE_ID (A y luego B), o ninguno con --run para los ejemplares p50 y p99 de total</translation>
    </message>
    <message>
        <source>run %1 has no completed request with a total to take exemplars from</source>
        <translation>la ejecución %1 no tiene ninguna solicitud completada con total de la que tomar ejemplares</translation>
    </message>
    <message>
        <source>%1: trace %2, run %3 (%4), request %5, stage %6, %7, total %8 ms</source>
        <translation>%1: traza %2, ejecución %3 (%4), solicitud %5, etapa %6, %7, total %8 ms</translation>
    </message>
    <message>
        <source>A is the p50 exemplar (rank %1), B the p99 exemplar (rank %2) of total, %3</source>
        <translation>A es el ejemplar p50 (rango %1) y B el ejemplar p99 (rango %2) de total, %3</translation>
    </message>
    <message>
        <source>no delta table: a request has no total</source>
        <translation>sin tabla de diferencias: una solicitud no tiene total</translation>
    </message>
    <message>
        <source>delta table (%1 partition; unattributed = total - the other rows):</source>
        <translation>tabla de diferencias (partición %1; sin atribuir = total - las demás filas):</translation>
    </message>
    <message>
        <source>phase</source>
        <translation>fase</translation>
    </message>
    <message>
        <source>A ms</source>
        <translation>A ms</translation>
    </message>
    <message>
        <source>B ms</source>
        <translation>B ms</translation>
    </message>
    <message>
        <source>B-A ms</source>
        <translation>B-A ms</translation>
    </message>
    <message>
        <source>chunk gaps (ms):</source>
        <translation>intervalos entre fragmentos (ms):</translation>
    </message>
    <message>
        <source>target at each start (last scrape at or before it):</source>
        <translation>destino al inicio de cada una (última lectura en ese momento o antes):</translation>
    </message>
    <message>
        <source>Compare TRACE_ID (B) with the request of this run that sent the same prompt (A): the first completed request with its prompt_ref. Both runs must come from the same scenario (the same scenario digest; the same seed when prompts are sampled or generated). Prints the delta table of --compare.</source>
        <translation>Compara TRACE_ID (B) con la solicitud de esta ejecución que envió el mismo prompt (A): la primera solicitud completada con su prompt_ref. Ambas ejecuciones deben venir del mismo escenario (el mismo resumen de escenario; la misma semilla si los prompts se muestrean o se generan). Imprime la tabla de diferencias de --compare.</translation>
    </message>
    <message>
        <source>--compare and --baseline-run pick the pair in different ways: use one</source>
        <translation>--compare y --baseline-run eligen el par de formas distintas: use una</translation>
    </message>
    <message>
        <source>A: baseline run %1, same prompt (ref %2): its first completed request of %3 with the ref</source>
        <translation>A: ejecución de línea base %1, mismo prompt (ref %2): su primera solicitud completada de %3 con esa referencia</translation>
    </message>
    <message>
        <source>--baseline-run takes one TRACE_ID, the request B of the comparison</source>
        <translation>--baseline-run admite un TRACE_ID, la solicitud B de la comparación</translation>
    </message>
    <message>
        <source>run %1 is not in this file</source>
        <translation>la ejecución %1 no está en este archivo</translation>
    </message>
    <message>
        <source>no same-prompt pair: %1</source>
        <translation>no hay par con el mismo prompt: %1</translation>
    </message>
    <message>
        <source>generator CPU</source>
        <translation>CPU gen.</translation>
    </message>
    <message>
        <source>%1 us per request (engine %2 us, writer %3 us)</source>
        <translation>%1 us por solicitud (motor %2 us, escritor %3 us)</translation>
    </message>
    <message>
        <source>Server timings the gateway returns with each response: none (default), vllm (a metrics object in the body and the final usage chunk) or tgi (x-*-time headers on non-streamed responses).</source>
        <translation>Tiempos del servidor que la pasarela devuelve con cada respuesta: none (predeterminado), vllm (un objeto metrics en el cuerpo y en el fragmento final de uso) o tgi (cabeceras x-*-time en las respuestas sin streaming).</translation>
    </message>
    <message>
        <source>--server-timings expects none, vllm or tgi (got &apos;%1&apos;)</source>
        <translation>--server-timings espera none, vllm o tgi (se recibió &apos;%1&apos;)</translation>
    </message>
    <message>
        <source>%1 from response metrics</source>
        <translation>%1 de métricas de la respuesta</translation>
    </message>
    <message>
        <source>%1 from response headers</source>
        <translation>%1 de cabeceras de la respuesta</translation>
    </message>
    <message>
        <source>Server timings on %1 of %2 attempts (profile %3; %4); server phases from spans on %5, from the responses on %6</source>
        <translation>Tiempos del servidor en %1 de %2 intentos (perfil %3; %4); fases del servidor de los spans en %5, de las respuestas en %6</translation>
    </message>
    <message>
        <source>  both sources on %1 attempts: %2 spans - response median %3 ms, p95 |difference| %4 ms</source>
        <translation>  ambas fuentes en %1 intentos: %2 spans - respuesta mediana %3 ms, p95 |diferencia| %4 ms</translation>
    </message>
    <message>
        <source>join: the run has no server spans or response timings; joined phases are not available</source>
        <translation>join: la ejecución no tiene spans del servidor ni tiempos en las respuestas; las fases unidas no están disponibles</translation>
    </message>
    <message>
        <source>server timings</source>
        <translation>tiempos del servidor</translation>
    </message>
    <message>
        <source>profile %1: on %2 of %3 attempts, %4 malformed fields</source>
        <translation>perfil %1: en %2 de %3 intentos, %4 campos mal formados</translation>
    </message>
    <message>
        <source>met</source>
        <translation>cumplida</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>no cumplida</translation>
    </message>
    <message>
        <source>cannot decide</source>
        <translation>no se puede decidir</translation>
    </message>
    <message>
        <source>not measurable</source>
        <translation>no medible</translation>
    </message>
    <message>
        <source>(interval %1-%2)</source>
        <translation>(intervalo %1-%2)</translation>
    </message>
    <message>
        <source>Capacity search: stepped run %1 in %2</source>
        <translation>Búsqueda de capacidad: ejecución escalonada %1 en %2</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>etapa</translation>
    </message>
    <message>
        <source>rate/s</source>
        <translation>tasa/s</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>veredicto</translation>
    </message>
    <message>
        <source>note</source>
        <translation>nota</translation>
    </message>
    <message>
        <source>stopped early: %1</source>
        <translation>detenida antes: %1</translation>
    </message>
    <message>
        <source>Highest rate that met every budget: %1 req/s (stage %2)</source>
        <translation>Tasa más alta que cumplió todos los presupuestos: %1 sol/s (etapa %2)</translation>
    </message>
    <message>
        <source>No rate tried met every budget.</source>
        <translation>Ninguna tasa probada cumplió todos los presupuestos.</translation>
    </message>
    <message>
        <source>Next step: %1 req/s (stage %2) %3</source>
        <translation>Paso siguiente: %1 sol/s (etapa %2) %3</translation>
    </message>
    <message>
        <source>The capacity lies between %1 and %2 req/s.</source>
        <translation>La capacidad está entre %1 y %2 sol/s.</translation>
    </message>
    <message>
        <source>What broke there: %1; owner: %2</source>
        <translation>Lo que falló allí: %1; responsable: %2</translation>
    </message>
    <message>
        <source>Search ended: %1 (%2 stages, %3 s, %4 requests planned).</source>
        <translation>Búsqueda terminada: %1 (%2 etapas, %3 s, %4 solicitudes previstas).</translation>
    </message>
    <message>
        <source>Find the highest arrival rate that meets the budgets: short stages at growing rates until one does not, then bisection to a precision, within a time and a request budget. Every stage is kept in one stepped run, decided as `check` decides it.</source>
        <translation>Busca la tasa de llegada más alta que cumple los presupuestos: etapas cortas a tasas crecientes hasta que una no los cumple, luego bisección hasta una precisión, dentro de un presupuesto de tiempo y de solicitudes. Cada etapa se conserva en una ejecución escalonada, decidida como la decide `check`.</translation>
    </message>
    <message>
        <source>Scenario file (JSON, an open executor; its stages are replaced). Optional with --demo.</source>
        <translation>Archivo de escenario (JSON, un ejecutor abierto; sus etapas se sustituyen). Opcional con --demo.</translation>
    </message>
    <message>
        <source>Budget file (JSON, docs/budgets.md); with --demo the demo&apos;s budgets by default.</source>
        <translation>Archivo de presupuestos (JSON, docs/budgets.md); con --demo, los presupuestos de la demostración por defecto.</translation>
    </message>
    <message>
        <source>Run against the built-in demo gateway (its spans received on loopback).</source>
        <translation>Ejecuta contra la pasarela de demostración integrada (sus spans se reciben en loopback).</translation>
    </message>
    <message>
        <source>First rate, req/s (default: the scenario&apos;s first stage rate).</source>
        <translation>Primera tasa, sol/s (por defecto: la tasa de la primera etapa del escenario).</translation>
    </message>
    <message>
        <source>Factor between rates until one fails (default 2).</source>
        <translation>Factor entre tasas hasta que una falla (por defecto 2).</translation>
    </message>
    <message>
        <source>G</source>
        <translation>G</translation>
    </message>
    <message>
        <source>Bisect until the bracket is this narrow: req/s, or a share of the rate as &quot;10%&quot; (default 10%).</source>
        <translation>Bisecar hasta que el intervalo sea así de estrecho: sol/s, o una proporción de la tasa como &quot;10%&quot; (por defecto 10%).</translation>
    </message>
    <message>
        <source>Highest rate to try, req/s (default 10000).</source>
        <translation>Tasa más alta que se probará, sol/s (por defecto 10000).</translation>
    </message>
    <message>
        <source>Time budget of the whole search, seconds (default 600).</source>
        <translation>Presupuesto de tiempo de toda la búsqueda, segundos (por defecto 600).</translation>
    </message>
    <message>
        <source>Request budget of the whole search (default 20000).</source>
        <translation>Presupuesto de solicitudes de toda la búsqueda (por defecto 20000).</translation>
    </message>
    <message>
        <source>Steady requests per stage (default: what the budgets&apos; percentiles need, plus a quarter).</source>
        <translation>Solicitudes estables por etapa (por defecto: las que necesitan los percentiles de los presupuestos, más una cuarta parte).</translation>
    </message>
    <message>
        <source>Receive the server&apos;s spans over OTLP/HTTP on this port during each stage (default 0 = off; any free port with --demo).</source>
        <translation>Recibe los spans del servidor por OTLP/HTTP en este puerto durante cada etapa (por defecto 0 = desactivado; cualquier puerto libre con --demo).</translation>
    </message>
    <message>
        <source>Run name (default: the scenario&apos;s name + &quot; (capacity)&quot;).</source>
        <translation>Nombre de la ejecución (por defecto: el nombre del escenario + &quot; (capacity)&quot;).</translation>
    </message>
    <message>
        <source>No progress lines.</source>
        <translation>Sin líneas de progreso.</translation>
    </message>
    <message>
        <source>expected one scenario file (or --demo)</source>
        <translation>se esperaba un archivo de escenario (o --demo)</translation>
    </message>
    <message>
        <source>--budgets is required: the search decides each stage by them</source>
        <translation>--budgets es obligatorio: la búsqueda decide cada etapa con ellos</translation>
    </message>
    <message>
        <source>--growth expects a factor above 1</source>
        <translation>--growth espera un factor mayor que 1</translation>
    </message>
    <message>
        <source>--precision expects req/s above 0, or a share such as 10%</source>
        <translation>--precision espera sol/s mayores que 0, o una proporción como 10%</translation>
    </message>
    <message>
        <source>--slots sets the demo gateway&apos;s pool; it needs --demo</source>
        <translation>--slots fija el pool de la pasarela de demostración; necesita --demo</translation>
    </message>
    <message>
        <source>stage %1: %2 req/s for %3 s</source>
        <translation>etapa %1: %2 sol/s durante %3 s</translation>
    </message>
    <message>
        <source>stage %1: %2%3</source>
        <translation>etapa %1: %2%3</translation>
    </message>
    <message>
        <source> (stopped early: %1)</source>
        <translation> (detenida antes: %1)</translation>
    </message>
    <message>
        <source>Search for the highest arrival rate that meets the budgets.</source>
        <translation>Busca la tasa de llegada más alta que cumple los presupuestos.</translation>
    </message>
    <message>
        <source>Give the demo inference pool a prefix cache: prompt blocks seen before are reported as cached_tokens and not prefilled again.</source>
        <translation>Da al pool de inferencia de la demostración una caché de prefijos: los bloques de prompt ya vistos se informan como cached_tokens y no se vuelven a prellenar.</translation>
    </message>
    <message>
        <source>Give the inference pool a prefix cache: prompt blocks seen before are reported as cached_tokens and not prefilled again.</source>
        <translation>Da al pool de inferencia una caché de prefijos: los bloques de prompt ya vistos se informan como cached_tokens y no se vuelven a prellenar.</translation>
    </message>
    <message>
        <source>--prefix-cache expects all, hit or miss</source>
        <translation>--prefix-cache espera all, hit o miss</translation>
    </message>
    <message>
        <source>Prefix-cache population: all (default), hit (cached_input_tokens &gt; 0) or miss.</source>
        <translation>Población de la caché de prefijos: all (por defecto), hit (cached_input_tokens &gt; 0) o miss.</translation>
    </message>
    <message>
        <source>Prefix cache: cached-token share %1% (%2 of %3 input tokens); %4 of %5 requests hit</source>
        <translation>Caché de prefijos: proporción de tokens en caché %1% (%2 de %3 tokens de entrada); %4 de %5 solicitudes con acierto</translation>
    </message>
    <message>
        <source>hit</source>
        <translation>acierto</translation>
    </message>
    <message>
        <source>miss</source>
        <translation>fallo</translation>
    </message>
    <message>
        <source>  %1 (%2 ms): N %3, p50 %4, p95 %5</source>
        <translation>  %1 (%2 ms): N %3, p50 %4, p95 %5</translation>
    </message>
    <message>
        <source>sessions</source>
        <translation>sesiones</translation>
    </message>
    <message>
        <source>%1 stopped by the run&apos;s end before their last turn</source>
        <translation>%1 detenidas por el fin de la ejecución antes de su último turno</translation>
    </message>
</context>
<context>
    <name>pb::diagnose</name>
    <message>
        <source>The stepped run passed its knee: queue time grows faster than the arrival rate, and throughput stops following it.</source>
        <translation>La ejecución escalonada superó su codo: el tiempo en cola crece más rápido que la tasa de llegada y el rendimiento deja de seguirla.</translation>
    </message>
    <message>
        <source>Size capacity for the highest stage that met the budgets; check compute slots, batch policy and admission control.</source>
        <translation>Dimensione la capacidad para la etapa más alta que cumplió los presupuestos; compruebe las ranuras de cómputo, la política de lotes y el control de admisión.</translation>
    </message>
    <message>
        <source>client/network</source>
        <translation>cliente/red</translation>
    </message>
    <message>
        <source>gateway</source>
        <translation>pasarela</translation>
    </message>
    <message>
        <source>inference pool/queue</source>
        <translation>pool/cola de inferencia</translation>
    </message>
    <message>
        <source>model generation</source>
        <translation>generación del modelo</translation>
    </message>
    <message>
        <source>response transfer</source>
        <translation>transferencia de la respuesta</translation>
    </message>
    <message>
        <source>telemetry/measurement</source>
        <translation>telemetría/medición</translation>
    </message>
    <message>
        <source>Connection set-up (connect, TLS) rose while the server spans stayed flat.</source>
        <translation>El establecimiento de la conexión (connect, TLS) aumentó mientras los spans del servidor se mantuvieron estables.</translation>
    </message>
    <message>
        <source>Check connection reuse (keep-alive), socket limits and the load generator&apos;s CPU; a load balancer may be closing sessions.</source>
        <translation>Compruebe la reutilización de conexiones (keep-alive), los límites de sockets y la CPU del generador de carga; un balanceador de carga podría estar cerrando sesiones.</translation>
    </message>
    <message>
        <source>Gateway time rose while the GPU queue stayed flat.</source>
        <translation>El tiempo de la pasarela aumentó mientras la cola de GPU se mantuvo estable.</translation>
    </message>
    <message>
        <source>Check the gateway&apos;s child spans and CPU: rate limiting, serialisation, masking, too few replicas.</source>
        <translation>Compruebe los spans hijos y la CPU de la pasarela: limitación de tasa, serialización, enmascaramiento, muy pocas réplicas.</translation>
    </message>
    <message>
        <source>GPU queue time rose while generation per output token stayed flat: the inference pool is saturated.</source>
        <translation>El tiempo en la cola de GPU aumentó mientras la generación por token de salida se mantuvo estable: el pool de inferencia está saturado.</translation>
    </message>
    <message>
        <source>Check pool capacity (compute slots), batch policy, queue length, the output-token limit and admission control; a gateway timeout only turns slow responses into fast errors.</source>
        <translation>Compruebe la capacidad del pool (ranuras de cómputo), la política de lotes, la longitud de la cola, el límite de tokens de salida y el control de admisión; un tiempo de espera en la pasarela solo convierte respuestas lentas en errores rápidos.</translation>
    </message>
    <message>
        <source>Generation time per output token rose with concurrency: the batch is too aggressive or memory is under pressure.</source>
        <translation>El tiempo de generación por token de salida aumentó con la concurrencia: el lote es demasiado agresivo o la memoria está bajo presión.</translation>
    </message>
    <message>
        <source>Check the scheduler&apos;s batch size, GPU memory and the token profile; reduce max tokens at the same arrival rate.</source>
        <translation>Compruebe el tamaño de lote del planificador, la memoria de la GPU y el perfil de tokens; reduzca el máximo de tokens con la misma tasa de llegada.</translation>
    </message>
    <message>
        <source>Time to first token rose while the total barely changed: the wait before output grew and the output is short.</source>
        <translation>El tiempo hasta el primer token aumentó mientras el total apenas cambió: la espera antes de la salida creció y la salida es corta.</translation>
    </message>
    <message>
        <source>Look at the queue and the prefill separately (server spans), and at the input-token profile.</source>
        <translation>Examine la cola y el prefill por separado (spans del servidor) y el perfil de tokens de entrada.</translation>
    </message>
    <message>
        <source>The client total rose while the server root span did not: the time is spent outside the root span.</source>
        <translation>El total del cliente aumentó mientras el span raíz del servidor no: el tiempo se pasa fuera del span raíz.</translation>
    </message>
    <message>
        <source>Check the root span&apos;s boundary (does it end after the response write?), the body size and the load balancer.</source>
        <translation>Compruebe el límite del span raíz (¿termina después de escribir la respuesta?), el tamaño del cuerpo y el balanceador de carga.</translation>
    </message>
    <message>
        <source>Unattributed server time grew: part of the root span has no phase span.</source>
        <translation>El tiempo del servidor no atribuido creció: parte del span raíz no tiene span de fase.</translation>
    </message>
    <message>
        <source>Check for missing child spans (a new code path, a dropped span) and the span rules that map names to phases.</source>
        <translation>Busque spans hijos que falten (una nueva ruta de código, un span descartado) y revise las reglas de spans que asignan nombres a fases.</translation>
    </message>
    <message>
        <source>Fewer events than in the baseline: a better percentile may only mean that events went missing.</source>
        <translation>Menos eventos que en la línea base: un percentil mejor puede significar solo que faltan eventos.</translation>
    </message>
    <message>
        <source>Check dropped iterations, the import and the sampling before comparing percentiles.</source>
        <translation>Compruebe las iteraciones descartadas, la importación y el muestreo antes de comparar percentiles.</translation>
    </message>
    <message>
        <source>Join coverage is low: server phases describe only part of the requests.</source>
        <translation>La cobertura de la unión es baja: las fases del servidor describen solo una parte de las solicitudes.</translation>
    </message>
    <message>
        <source>Check that every hop forwards traceparent, the span export (dropped spans, exporter queue) and the server&apos;s sampling policy.</source>
        <translation>Compruebe que cada salto reenvía traceparent, la exportación de spans (spans descartados, cola del exportador) y la política de muestreo del servidor.</translation>
    </message>
    <message>
        <source>Negative network envelopes: the client total is shorter than the server root span.</source>
        <translation>Envolventes de red negativas: el total del cliente es más corto que el span raíz del servidor.</translation>
    </message>
    <message>
        <source>Check span boundaries, units and the join; a negative envelope never means a faster network.</source>
        <translation>Compruebe los límites de los spans, las unidades y la unión; una envolvente negativa nunca significa una red más rápida.</translation>
    </message>
    <message>
        <source>Trace-ID collisions: several attempts share a trace ID, which joins independent histories.</source>
        <translation>Colisiones de trace ID: varios intentos comparten un trace ID, lo que une historiales independientes.</translation>
    </message>
    <message>
        <source>Check the trace-ID generator: random 128-bit IDs, the generator instance in the high bits.</source>
        <translation>Compruebe el generador de trace IDs: IDs aleatorios de 128 bits, con la instancia del generador en los bits altos.</translation>
    </message>
    <message>
        <source>Dropped iterations: the run did not deliver its promised load, so its percentiles belong to a lower rate.</source>
        <translation>Iteraciones descartadas: la ejecución no entregó la carga prometida, así que sus percentiles corresponden a una tasa más baja.</translation>
    </message>
    <message>
        <source>Raise pre-allocated and maximum in-flight requests, or lower the rate to what the generator can sustain.</source>
        <translation>Aumente las solicitudes en curso preasignadas y máximas, o baje la tasa a lo que el generador pueda sostener.</translation>
    </message>
    <message>
        <source>Completed requests without a completion event (no total, or a stream without done).</source>
        <translation>Solicitudes completadas sin evento de finalización (sin total, o un stream sin done).</translation>
    </message>
    <message>
        <source>Check the stream parser and the importer&apos;s mapping of the end event; these requests are missing from the latency figures.</source>
        <translation>Compruebe el analizador del stream y la asignación del evento final en el importador; estas solicitudes faltan en las cifras de latencia.</translation>
    </message>
    <message>
        <source>The server keeps mostly slow traces: joined requests are much slower than the rest, so joined phases describe the tail only.</source>
        <translation>El servidor conserva sobre todo trazas lentas: las solicitudes unidas son mucho más lentas que el resto, así que las fases unidas describen solo la cola.</translation>
    </message>
    <message>
        <source>Check the tail-sampling policy; enable coordinated sampling for the controlled run and record its rate.</source>
        <translation>Compruebe la política de muestreo de cola; active el muestreo coordinado para la ejecución controlada y registre su tasa.</translation>
    </message>
    <message>
        <source>Slow before the response headers.</source>
        <translation>Lento antes de las cabeceras de respuesta.</translation>
    </message>
    <message>
        <source>Check the route, admission, network, region and load before optimising the client.</source>
        <translation>Compruebe la ruta, la admisión, la red, la región y la carga antes de optimizar el cliente.</translation>
    </message>
    <message>
        <source>Fast headers but a slow first effective output.</source>
        <translation>Cabeceras rápidas pero primera salida efectiva lenta.</translation>
    </message>
    <message>
        <source>Check the model queue, prefill, reasoning start and requests in flight.</source>
        <translation>Compruebe la cola del modelo, el prefill, el inicio del razonamiento y las solicitudes en curso.</translation>
    </message>
    <message>
        <source>Fast first event but slow output: the early events are metadata or heartbeats.</source>
        <translation>Primer evento rápido pero salida lenta: los primeros eventos son metadatos o latidos.</translation>
    </message>
    <message>
        <source>Check what the early events carry (metadata, heartbeats while queued, reasoning start); an event is not a token.</source>
        <translation>Compruebe qué contienen los primeros eventos (metadatos, latidos mientras está en cola, inicio del razonamiento); un evento no es un token.</translation>
    </message>
    <message>
        <source>Fast effective action but slow visible text: reasoning or tool calls come first.</source>
        <translation>Acción efectiva rápida pero texto visible lento: primero llegan el razonamiento o las llamadas a herramientas.</translation>
    </message>
    <message>
        <source>Investigate reasoning effort and tool calls; a longer header timeout does not change this pattern.</source>
        <translation>Investigue el esfuerzo de razonamiento y las llamadas a herramientas; un tiempo de espera de cabeceras más largo no cambia este patrón.</translation>
    </message>
    <message>
        <source>Fast first text but a low visible output rate: the stream starts quickly and then generates slowly.</source>
        <translation>Primer texto rápido pero baja tasa de salida visible: el stream empieza rápido y luego genera lentamente.</translation>
    </message>
    <message>
        <source>Compare output length, context, channel, requests in flight and provider (decode, contention); a first-output timeout will not catch it.</source>
        <translation>Compare la longitud de la salida, el contexto, el canal, las solicitudes en curso y el proveedor (decodificación, contención); un tiempo de espera de primera salida no lo detectará.</translation>
    </message>
    <message>
        <source>A phase broke its budget.</source>
        <translation>Una fase incumplió su presupuesto.</translation>
    </message>
    <message>
        <source>Start with the phase&apos;s owner; the other findings say what moved.</source>
        <translation>Empiece por el responsable de la fase; los demás hallazgos indican qué cambió.</translation>
    </message>
    <message>
        <source>The load generator could not start requests on time: the latency figures are not those of an open-model test at the requested rate.</source>
        <translation>El generador de carga no pudo iniciar las solicitudes a tiempo: las cifras de latencia no son las de una prueba de modelo abierto a la tasa solicitada.</translation>
    </message>
    <message>
        <source>Lower the rate, run the generator on a machine with free cores, or split the load over several generators; check generator_cpu_s.</source>
        <translation>Reduzca la tasa, ejecute el generador en una máquina con núcleos libres o reparta la carga entre varios generadores; revise generator_cpu_s.</translation>
    </message>
    <message>
        <source>Requests queued on the server while the running requests stayed at their cap: the inference pool is saturated.</source>
        <translation>Las solicitudes se encolaron en el servidor mientras las solicitudes en ejecución seguían en su tope: el pool de inferencia está saturado.</translation>
    </message>
    <message>
        <source>Generation time per output token rises with the server&apos;s batch size: the batch is too aggressive or memory is under pressure.</source>
        <translation>El tiempo de generación por token de salida aumenta con el tamaño de lote del servidor: el lote es demasiado agresivo o la memoria está bajo presión.</translation>
    </message>
    <message>
        <source>Upstream is normal but the local fields are slow: connection set-up, sending the request, auth, channel selection or the body read.</source>
        <translation>El servicio remoto es normal pero los campos locales son lentos: el establecimiento de la conexión, el envío de la solicitud, la autenticación, la selección de canal o la lectura del cuerpo.</translation>
    </message>
    <message>
        <source>Check the slowest local field: connection pool, DNS, TLS and upload (client); auth and channel or policy selection (gateway); the request body read (a slow upload).</source>
        <translation>Compruebe el campo local más lento: pool de conexiones, DNS, TLS y envío (cliente); autenticación y selección de canal o de política (pasarela); la lectura del cuerpo de la solicitud (un envío lento).</translation>
    </message>
    <message>
        <source>external provider</source>
        <translation>proveedor externo</translation>
    </message>
    <message>
        <source>Most requests over a budget are dominated by one phase.</source>
        <translation>La mayoría de las solicitudes por encima de un presupuesto están dominadas por una fase.</translation>
    </message>
    <message>
        <source>Start with that phase&apos;s owner, and open the worst requests of each phase in the Waterfall.</source>
        <translation>Empiece por el responsable de esa fase y abra las peores solicitudes de cada fase en la cascada.</translation>
    </message>
    <message>
        <source>TTFT fell because more requests hit the prefix cache: the cached share rose while the TTFT of uncached requests stayed flat.</source>
        <translation>El TTFT bajó porque más solicitudes acertaron en la caché de prefijos: la proporción en caché subió mientras el TTFT de las solicitudes sin caché se mantuvo.</translation>
    </message>
    <message>
        <source>Compare cached and uncached requests apart (stats --prefix-cache hit, miss): the server is not faster, more prompts share a cached prefix.</source>
        <translation>Compare por separado las solicitudes con y sin caché (stats --prefix-cache hit, miss): el servidor no es más rápido, más prompts comparten un prefijo en caché.</translation>
    </message>
    <message>
        <source>TTFT rose because fewer requests hit the prefix cache: the cached share fell while the TTFT of uncached requests stayed flat.</source>
        <translation>El TTFT subió porque menos solicitudes acertaron en la caché de prefijos: la proporción en caché bajó mientras el TTFT de las solicitudes sin caché se mantuvo.</translation>
    </message>
    <message>
        <source>Check the prompt mix and the prefix cache (its size, evictions and hit rate on /metrics): fewer prompts share a cached prefix.</source>
        <translation>Revise la mezcla de prompts y la caché de prefijos (su tamaño, desalojos y tasa de aciertos en /metrics): menos prompts comparten un prefijo en caché.</translation>
    </message>
    <message>
        <source>TTFT rose among uncached requests too (a like-for-like population): the queue or the prefill, not the prefix-cache mix.</source>
        <translation>El TTFT también subió entre las solicitudes sin caché (una población comparable): la cola o el prefill, no la mezcla de la caché de prefijos.</translation>
    </message>
    <message>
        <source>Check the queue in front of the model (gpu_queue, waiting requests) and the prefill time; the prefix cache does not explain this rise.</source>
        <translation>Revise la cola delante del modelo (gpu_queue, solicitudes en espera) y el tiempo de prefill; la caché de prefijos no explica esta subida.</translation>
    </message>
</context>
<context>
    <name>pb::report</name>
    <message>
        <source>PASS</source>
        <translation>APROBADO</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>FALLIDO</translation>
    </message>
    <message>
        <source>CANNOT DECIDE</source>
        <translation>NO SE PUEDE DECIDIR</translation>
    </message>
    <message>
        <source>whole run (steady window)</source>
        <translation>ejecución completa (ventana estable)</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>etapa %1</translation>
    </message>
    <message>
        <source>stage %1, %2</source>
        <translation>etapa %1, %2</translation>
    </message>
    <message>
        <source>Join coverage %1: joined server phases are over the matched attempts only.</source>
        <translation>Cobertura de la unión %1: las fases del servidor unidas se refieren solo a los intentos emparejados.</translation>
    </message>
    <message>
        <source>The run has server spans but they were not joined: server phases are not available.</source>
        <translation>La ejecución tiene spans del servidor, pero no se unieron: las fases del servidor no están disponibles.</translation>
    </message>
    <message>
        <source>No server spans: server phases are not available, client phases only.</source>
        <translation>Sin spans del servidor: las fases del servidor no están disponibles, solo las del cliente.</translation>
    </message>
    <message>
        <source>Data warning: %1</source>
        <translation>Advertencia sobre los datos: %1</translation>
    </message>
    <message>
        <source>not available: %1</source>
        <translation>no disponible: %1</translation>
    </message>
    <message>
        <source>%1 (%2 of %3)</source>
        <translation>%1 (%2 de %3)</translation>
    </message>
    <message>
        <source>Phasebench report: run %1 &apos;%2&apos;</source>
        <translation>Informe de Phasebench: ejecución %1 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Etapa</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Achieved rate (req/s)</source>
        <translation>Tasa lograda (req/s)</translation>
    </message>
    <message>
        <source>Error rate</source>
        <translation>Tasa de errores</translation>
    </message>
    <message>
        <source>total p95 (ms)</source>
        <translation>total p95 (ms)</translation>
    </message>
    <message>
        <source>TTFT (first text) p95 (ms)</source>
        <translation>TTFT (primer texto) p95 (ms)</translation>
    </message>
    <message>
        <source>Goodput (every budget met)</source>
        <translation>Goodput (todos los presupuestos cumplidos)</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Presupuesto</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Cifra</translation>
    </message>
    <message>
        <source>Observed</source>
        <translation>Observado</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>Umbral</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Veredicto</translation>
    </message>
    <message>
        <source>Likely owner</source>
        <translation>Responsable probable</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>Stages, models and scenarios are summarized separately, never pooled. </source>
        <translation>Las etapas, los modelos y los escenarios se resumen por separado, nunca agrupados. </translation>
    </message>
    <message>
        <source>Stages of a stepped run are summarized separately, never pooled. </source>
        <translation>Las etapas de una ejecución escalonada se resumen por separado, nunca agrupadas. </translation>
    </message>
    <message>
        <source>Percentile convention: %1; scope: %2; statistic: %3. Intervals are distribution-free %4% confidence intervals; &apos;*&apos; marks a percentile that is the single worst request.</source>
        <translation>Convención de percentiles: %1; ámbito: %2; estadístico: %3. Los intervalos son intervalos de confianza del %4% sin supuestos de distribución; &apos;*&apos; marca un percentil que es la peor solicitud individual.</translation>
    </message>
    <message>
        <source>Window: %1. Requested rate %2 req/s, achieved %3 req/s; %4 attempts, %5 dropped iterations. Errors %6, timeouts %7, cancelled %8, partial %9.</source>
        <translation>Ventana: %1. Tasa solicitada %2 req/s, lograda %3 req/s; %4 intentos, %5 iteraciones descartadas. Errores %6, tiempos de espera agotados %7, canceladas %8, parciales %9.</translation>
    </message>
    <message>
        <source>Goodput: %1 of %2 requests met every latency budget at once (%3, %4 req/s); not good: %5 did not complete, %6 over a budget, %7 without a budgeted value.</source>
        <translation>Goodput: %1 de %2 solicitudes cumplieron todos los presupuestos de latencia a la vez (%3, %4 req/s); no buenas: %5 no se completaron, %6 superaron un presupuesto, %7 sin valor presupuestado.</translation>
    </message>
    <message>
        <source>Goodput: %1.</source>
        <translation>Goodput: %1.</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Métrica</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unidad</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p50 interval</source>
        <translation>intervalo p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>p95 interval</source>
        <translation>intervalo p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>p99 interval</source>
        <translation>intervalo p99</translation>
    </message>
    <message>
        <source>Client phase composition around p50/p95/p99 (%1)</source>
        <translation>Composición de las fases del cliente en torno a p50/p95/p99 (%1)</translation>
    </message>
    <message>
        <source>Server phase composition around p50/p95/p99 (%1)</source>
        <translation>Composición de las fases del servidor en torno a p50/p95/p99 (%1)</translation>
    </message>
    <message>
        <source>Timeline: arrival rate</source>
        <translation>Línea de tiempo: tasa de llegada</translation>
    </message>
    <message>
        <source>Timeline: requests in flight</source>
        <translation>Línea de tiempo: solicitudes en curso</translation>
    </message>
    <message>
        <source>Timeline: p95 per interval</source>
        <translation>Línea de tiempo: p95 por intervalo</translation>
    </message>
    <message>
        <source>Timeline: error rate</source>
        <translation>Línea de tiempo: tasa de errores</translation>
    </message>
    <message>
        <source>Distribution of total: histogram</source>
        <translation>Distribución del total: histograma</translation>
    </message>
    <message>
        <source>Distribution of total: CDF</source>
        <translation>Distribución del total: CDF</translation>
    </message>
    <message>
        <source>Distribution of TTFT (first text): histogram</source>
        <translation>Distribución del TTFT (primer texto): histograma</translation>
    </message>
    <message>
        <source>Distribution of TTFT (first text): CDF</source>
        <translation>Distribución del TTFT (primer texto): CDF</translation>
    </message>
    <message>
        <source>first and last stage, each over its steady window as in the per-stage figures</source>
        <translation>primera y última etapa, cada una sobre su ventana estable, como en las cifras por etapa</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Compared: %1 -&gt; %2</source>
        <translation>Comparado: %1 -&gt; %2</translation>
    </message>
    <message>
        <source>Comparison refused: the load profiles differ.</source>
        <translation>Comparación rechazada: los perfiles de carga difieren.</translation>
    </message>
    <message>
        <source>No finding: no rule fired.</source>
        <translation>Sin hallazgos: no se activó ninguna regla.</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Likely owner: %1; confidence: %2; rule: %3; between: %4.</source>
        <translation>Responsable probable: %1; confianza: %2; regla: %3; entre: %4.</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Evidencias</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Antes</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Después</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Cambio</translation>
    </message>
    <message>
        <source>First check: %1</source>
        <translation>Primera comprobación: %1</translation>
    </message>
    <message>
        <source>Stages (knee search)</source>
        <translation>Etapas (búsqueda del codo)</translation>
    </message>
    <message>
        <source>Arrival (req/s)</source>
        <translation>Llegada (req/s)</translation>
    </message>
    <message>
        <source>Throughput (req/s)</source>
        <translation>Rendimiento (req/s)</translation>
    </message>
    <message>
        <source>gpu_queue %1 (ms)</source>
        <translation>gpu_queue %1 (ms)</translation>
    </message>
    <message>
        <source>Budgets</source>
        <translation>Presupuestos</translation>
    </message>
    <message>
        <source>Budgets (at %1)</source>
        <translation>Presupuestos (en %1)</translation>
    </message>
    <message>
        <source>met</source>
        <translation>cumplidos</translation>
    </message>
    <message>
        <source>not met</source>
        <translation>no cumplidos</translation>
    </message>
    <message>
        <source>Knee: %1; highest stage that met the budgets: %2.</source>
        <translation>Codo: %1; etapa más alta que cumplió los presupuestos: %2.</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>no se encontró</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>Request %1 (%2): total %3 ms, trace %4</source>
        <translation>Solicitud %1 (%2): total %3 ms, traza %4</translation>
    </message>
    <message>
        <source>Client total</source>
        <translation>Total del cliente</translation>
    </message>
    <message>
        <source>Server root</source>
        <translation>Raíz del servidor</translation>
    </message>
    <message>
        <source>Network envelope</source>
        <translation>Envolvente de red</translation>
    </message>
    <message>
        <source>Gateway</source>
        <translation>Pasarela</translation>
    </message>
    <message>
        <source>GPU queue</source>
        <translation>cola de GPU</translation>
    </message>
    <message>
        <source>Generation</source>
        <translation>Generación</translation>
    </message>
    <message>
        <source>Response write</source>
        <translation>Escritura de la respuesta</translation>
    </message>
    <message>
        <source>Unattributed</source>
        <translation>No atribuido</translation>
    </message>
    <message>
        <source>Waterfall of request %1</source>
        <translation>Cascada de la solicitud %1</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Elemento</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ejecución</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos; (%3)</source>
        <translation>%1 &apos;%2&apos; (%3)</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Origen</translation>
    </message>
    <message>
        <source>Time of run (UTC)</source>
        <translation>Hora de la ejecución (UTC)</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Escenario</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Target host</source>
        <translation>Host de destino</translation>
    </message>
    <message>
        <source>Executor</source>
        <translation>Ejecutor</translation>
    </message>
    <message>
        <source>Generator instance</source>
        <translation>Instancia del generador</translation>
    </message>
    <message>
        <source>Recorded by</source>
        <translation>Registrado por</translation>
    </message>
    <message>
        <source>Phasebench version of this report</source>
        <translation>Versión de Phasebench de este informe</translation>
    </message>
    <message>
        <source>Budgets used</source>
        <translation>Presupuestos usados</translation>
    </message>
    <message>
        <source>Span rules</source>
        <translation>Reglas de spans</translation>
    </message>
    <message>
        <source>Percentile convention</source>
        <translation>Convención de percentiles</translation>
    </message>
    <message>
        <source>Settle time after a stage change</source>
        <translation>Tiempo de estabilización tras un cambio de etapa</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Budget edited after the run</source>
        <translation>Presupuesto editado después de la ejecución</translation>
    </message>
    <message>
        <source>%1 in version %2 (set %3)</source>
        <translation>%1 en la versión %2 (fijada el %3)</translation>
    </message>
    <message>
        <source>no version existed when the run started; the first is used</source>
        <translation>no existía ninguna versión al iniciarse la ejecución; se usa la primera</translation>
    </message>
    <message>
        <source>Comparison refused: the load profiles are not comparable.</source>
        <translation>Comparación rechazada: los perfiles de carga no son comparables.</translation>
    </message>
    <message>
        <source>The load profiles are comparable.</source>
        <translation>Los perfiles de carga son comparables.</translation>
    </message>
    <message>
        <source>Baseline: %1; this run: %2; attempts %3 -&gt; %4; achieved rate %5 -&gt; %6 req/s.</source>
        <translation>Línea base: %1; esta ejecución: %2; intentos %3 -&gt; %4; tasa lograda %5 -&gt; %6 req/s.</translation>
    </message>
    <message>
        <source>p50 before -&gt; after</source>
        <translation>p50 antes -&gt; después</translation>
    </message>
    <message>
        <source>p95 before -&gt; after</source>
        <translation>p95 antes -&gt; después</translation>
    </message>
    <message>
        <source>p95 change</source>
        <translation>cambio de p95</translation>
    </message>
    <message>
        <source>p99 before -&gt; after</source>
        <translation>p99 antes -&gt; después</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconocido</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;: %2</source>
        <translation>no se puede escribir &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>Scenario digest</source>
        <translation>Resumen (hash) del escenario</translation>
    </message>
    <message>
        <source>Arrival rate</source>
        <translation>Tasa de llegadas</translation>
    </message>
    <message>
        <source>Arrival process</source>
        <translation>Proceso de llegadas</translation>
    </message>
    <message>
        <source>Generator host</source>
        <translation>Host del generador</translation>
    </message>
    <message>
        <source>Streaming mode</source>
        <translation>Modo de streaming</translation>
    </message>
    <message>
        <source>Token profile, input</source>
        <translation>Perfil de tokens, entrada</translation>
    </message>
    <message>
        <source>Token profile, output</source>
        <translation>Perfil de tokens, salida</translation>
    </message>
    <message>
        <source>Token buckets from</source>
        <translation>Grupos de tokens según</translation>
    </message>
    <message>
        <source>%1 (%2 attempts)</source>
        <translation>%1 (%2 intentos)</translation>
    </message>
    <message>
        <source>Server sampling policy</source>
        <translation>Política de muestreo del servidor</translation>
    </message>
    <message>
        <source>NOT MEASURABLE ON THIS ROUTE</source>
        <translation>NO MEDIBLE EN ESTA RUTA</translation>
    </message>
    <message>
        <source>Span schema versions</source>
        <translation>Versiones del esquema de spans</translation>
    </message>
    <message>
        <source>%1: no data in this run.</source>
        <translation>%1: no hay datos en esta ejecución.</translation>
    </message>
    <message>
        <source>%1: no load samples in an imported run.</source>
        <translation>%1: una ejecución importada no tiene muestras de carga.</translation>
    </message>
    <message>
        <source>Verdict: no budgets or SLO were stored with the run or given: nothing to decide.</source>
        <translation>Veredicto: no se almacenaron ni se indicaron presupuestos ni SLO con la ejecución: no hay nada que decidir.</translation>
    </message>
    <message>
        <source>Verdict: PASS: all %1 budget checks were met.</source>
        <translation>Veredicto: APROBADO: se cumplieron las %1 comprobaciones de presupuesto.</translation>
    </message>
    <message>
        <source>Verdict: PASS: %1 of %2 budget checks were met, %3 not measurable on their route.</source>
        <translation>Veredicto: APROBADO: se cumplieron %1 de %2 comprobaciones de presupuesto; %3 no son medibles en su ruta.</translation>
    </message>
    <message>
        <source> at stage %1</source>
        <translation> en la etapa %1</translation>
    </message>
    <message>
        <source>Verdict: FAIL: %1 %2 broke its budget first%3 (%4 against %5 %6); likely owner: %7.</source>
        <translation>Veredicto: FALLIDO: %1 %2 incumplió primero su presupuesto%3 (%4 frente a %5 %6); responsable probable: %7.</translation>
    </message>
    <message>
        <source>Verdict: FAIL: %1 of %2 budget checks failed (%3); no single phase broke its budget.</source>
        <translation>Veredicto: FALLIDO: fallaron %1 de %2 comprobaciones de presupuesto (%3); ninguna fase concreta incumplió su presupuesto.</translation>
    </message>
    <message>
        <source>Verdict: CANNOT DECIDE: %1 of %2 budget checks could not be decided from the data.</source>
        <translation>Veredicto: NO SE PUEDE DECIDIR: %1 de %2 comprobaciones de presupuesto no se pudieron decidir con los datos.</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>ejecución completa</translation>
    </message>
    <message>
        <source>[highest met]</source>
        <translation>[la más alta cumplida]</translation>
    </message>
    <message>
        <source>[knee]</source>
        <translation>[codo]</translation>
    </message>
    <message>
        <source>%1 %2 %3 %4</source>
        <translation>%1 %2 %3 %4</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 pass, %2 fail, %3 cannot decide, %4 not measurable on the route; each cell is the observed value, in the budget&apos;s unit.</source>
        <translation>%1 cumple, %2 falla, %3 no se puede decidir, %4 no medible en la ruta; cada celda es el valor observado, en la unidad del presupuesto.</translation>
    </message>
    <message>
        <source>Highest stage that met every budget: %1; knee: %2.</source>
        <translation>Etapa más alta que cumplió todos los presupuestos: %1; codo: %2.</translation>
    </message>
    <message>
        <source>No knee chart: the run has a single stage, so there is no rate to compare.</source>
        <translation>Sin gráfico del codo: la ejecución tiene una sola etapa, así que no hay tasas que comparar.</translation>
    </message>
    <message>
        <source>No knee chart: no load samples in an imported run.</source>
        <translation>Sin gráfico del codo: una ejecución importada no tiene muestras de carga.</translation>
    </message>
    <message>
        <source>No knee chart: the load samples do not cover two stages.</source>
        <translation>Sin gráfico del codo: las muestras de carga no cubren dos etapas.</translation>
    </message>
    <message>
        <source>Run %1 (%2), started %3 UTC: scenario %4, model %5, target %6.</source>
        <translation>Ejecución %1 (%2), iniciada el %3 UTC: escenario %4, modelo %5, destino %6.</translation>
    </message>
    <message>
        <source>Load: %1, arrival rate %2; %3 requests, %4 server spans; budgets: %5.</source>
        <translation>Carga: %1, tasa de llegadas %2; %3 solicitudes, %4 spans del servidor; presupuestos: %5.</translation>
    </message>
    <message>
        <source>Which budgets held at which stage?</source>
        <translation>¿Qué presupuestos se cumplieron en qué etapa?</translation>
    </message>
    <message>
        <source>Up to which rate does it hold? Knee: throughput and queue against the arrival rate</source>
        <translation>¿Hasta qué tasa aguanta? Codo: rendimiento y cola frente a la tasa de llegada</translation>
    </message>
    <message>
        <source>Where does the time go? Phase composition of %1, the first stage that failed</source>
        <translation>¿En qué se va el tiempo? Composición por fases de %1, la primera etapa que falló</translation>
    </message>
    <message>
        <source>Where does the time go? Phase composition of %1, the last stage</source>
        <translation>¿En qué se va el tiempo? Composición por fases de %1, la última etapa</translation>
    </message>
    <message>
        <source>No phase composition for %1: no completed request with phase timings.</source>
        <translation>Sin composición por fases para %1: ninguna solicitud completada con tiempos de fase.</translation>
    </message>
    <message>
        <source>How much of the load was served well?</source>
        <translation>¿Qué parte de la carga se atendió bien?</translation>
    </message>
    <message>
        <source>Can the data be trusted?</source>
        <translation>¿Son fiables los datos?</translation>
    </message>
    <message>
        <source>Every budget decision, failures first: which budget broke where?</source>
        <translation>Todas las decisiones de presupuesto, primero los incumplimientos: ¿qué presupuesto falló y dónde?</translation>
    </message>
    <message>
        <source>Per-stage figures: what did each stage measure?</source>
        <translation>Cifras por etapa: ¿qué midió cada etapa?</translation>
    </message>
    <message>
        <source>Charts: how did the run unfold?</source>
        <translation>Gráficos: ¿cómo transcurrió la ejecución?</translation>
    </message>
    <message>
        <source>Diagnosis: why, and who owns it?</source>
        <translation>Diagnóstico: ¿por qué y de quién es?</translation>
    </message>
    <message>
        <source>The %1 slowest requests: where did their time go?</source>
        <translation>Las %1 solicitudes más lentas: ¿en qué se les fue el tiempo?</translation>
    </message>
    <message>
        <source>Provenance: what reproduces this run?</source>
        <translation>Procedencia: ¿qué reproduce esta ejecución?</translation>
    </message>
    <message>
        <source>Comparison with baseline run %1 &apos;%2&apos;: what changed?</source>
        <translation>Comparación con la ejecución de línea base %1 &apos;%2&apos;: ¿qué cambió?</translation>
    </message>
    <message>
        <source>Each cell: baseline run %1 &apos;%2&apos; → this run, against the same budgets; its colour is this run&apos;s.</source>
        <translation>Cada celda: ejecución de línea base %1 &apos;%2&apos; → esta ejecución, con los mismos presupuestos; su color es el de esta ejecución.</translation>
    </message>
    <message>
        <source>seq %1</source>
        <translation>seq %1</translation>
    </message>
    <message>
        <source>Which requests broke the budgets of %1, and what were they made of?</source>
        <translation>¿Qué solicitudes rompieron los presupuestos de %1 y de qué estaban hechas?</translation>
    </message>
    <message>
        <source>Each request over a budget is attributed to the phase of the budgeted figure that exceeds its typical value (the median of the requests that met the budget) by the most; requests without those phases are counted apart. Shares have 95% Wilson intervals.</source>
        <translation>Cada solicitud por encima de un presupuesto se atribuye a la fase de la cifra presupuestada que más supera su valor típico (la mediana de las solicitudes que cumplieron el presupuesto); las solicitudes sin esas fases se cuentan aparte. Las proporciones tienen intervalos de Wilson del 95%.</translation>
    </message>
    <message>
        <source>%1 %2 &lt;= %3 %4</source>
        <translation>%1 %2 &lt;= %3 %4</translation>
    </message>
    <message>
        <source>%1 requests were over the budget; the figure is one phase, compared with its typical value over the %2 (N %3).</source>
        <translation>%1 solicitudes superaron el presupuesto; la cifra es una sola fase, comparada con su valor típico sobre las %2 (N %3).</translation>
    </message>
    <message>
        <source>%1 of %2 requests over the budget were attributed, by %3, against the typical values of the %4 (N %5).</source>
        <translation>%1 de %2 solicitudes por encima del presupuesto se atribuyeron, por %3, frente a los valores típicos de las %4 (N %5).</translation>
    </message>
    <message>
        <source>%1 had none of these phases measured and are counted apart.</source>
        <translation>%1 no tenían ninguna de estas fases medida y se cuentan aparte.</translation>
    </message>
    <message>
        <source>Dominant phase</source>
        <translation>Fase dominante</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Solicitudes</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Proporción</translation>
    </message>
    <message>
        <source>95% interval</source>
        <translation>Intervalo del 95%</translation>
    </message>
    <message>
        <source>Typical (ms)</source>
        <translation>Típico (ms)</translation>
    </message>
    <message>
        <source>Worst requests</source>
        <translation>Peores solicitudes</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 a %2</translation>
    </message>
    <message>
        <source>several</source>
        <translation>varios</translation>
    </message>
    <message>
        <source>p50 request</source>
        <translation>solicitud p50</translation>
    </message>
    <message>
        <source>p95 request</source>
        <translation>solicitud p95</translation>
    </message>
    <message>
        <source>p99 request</source>
        <translation>solicitud p99</translation>
    </message>
    <message>
        <source>Exemplars: the request each percentile above reads (its trace ID; open it in the Waterfall or with phasebench-cli trace).</source>
        <translation>Ejemplares: la solicitud que lee cada percentil de arriba (su ID de traza; ábrala en la cascada o con phasebench-cli trace).</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>no medido</translation>
    </message>
    <message>
        <source>not scraped</source>
        <translation>no leído</translation>
    </message>
    <message>
        <source>request %1, trace %2</source>
        <translation>solicitud %1, traza %2</translation>
    </message>
    <message>
        <source>Typical vs slow request in %1: where did the slow one&apos;s time go?</source>
        <translation>Solicitud típica frente a lenta en %1: ¿en qué se fue el tiempo de la lenta?</translation>
    </message>
    <message>
        <source>Budget %1 failed first. A is the p50 and B the p99 exemplar of %2 in that stage: the requests at ranks %3 and %4 of %5 (%6). A: %7, %2 %8 ms. B: %9, %2 %10 ms.</source>
        <translation>El presupuesto %1 falló primero. A es el ejemplar p50 y B el p99 de %2 en esa etapa: las solicitudes en los rangos %3 y %4 de %5 (%6). A: %7, %2 %8 ms. B: %9, %2 %10 ms.</translation>
    </message>
    <message>
        <source>No delta table: a request has no total.</source>
        <translation>Sin tabla de diferencias: una solicitud no tiene total.</translation>
    </message>
    <message>
        <source>Part of the total</source>
        <translation>Parte del total</translation>
    </message>
    <message>
        <source>A (p50), ms</source>
        <translation>A (p50), ms</translation>
    </message>
    <message>
        <source>B (p99), ms</source>
        <translation>B (p99), ms</translation>
    </message>
    <message>
        <source>B − A, ms</source>
        <translation>B − A, ms</translation>
    </message>
    <message>
        <source>total</source>
        <translation>total</translation>
    </message>
    <message>
        <source>The rows (%1 partition) add up to each total and their differences to the difference of the totals; unattributed is the total minus every other row.</source>
        <translation>Las filas (partición %1) suman cada total y sus diferencias la diferencia de los totales; sin atribuir es el total menos todas las demás filas.</translation>
    </message>
    <message>
        <source>A (p50)</source>
        <translation>A (p50)</translation>
    </message>
    <message>
        <source>B (p99)</source>
        <translation>B (p99)</translation>
    </message>
    <message>
        <source>chunk gaps</source>
        <translation>intervalos entre fragmentos</translation>
    </message>
    <message>
        <source>gap p50, ms</source>
        <translation>intervalo p50, ms</translation>
    </message>
    <message>
        <source>gap p99, ms</source>
        <translation>intervalo p99, ms</translation>
    </message>
    <message>
        <source>gap max, ms</source>
        <translation>intervalo máx., ms</translation>
    </message>
    <message>
        <source>running at start</source>
        <translation>en ejecución al inicio</translation>
    </message>
    <message>
        <source>waiting at start</source>
        <translation>en espera al inicio</translation>
    </message>
    <message>
        <source>KV cache at start</source>
        <translation>caché KV al inicio</translation>
    </message>
    <message>
        <source>Generator overhead</source>
        <translation>Coste del generador</translation>
    </message>
    <message>
        <source>Server timings from the responses themselves (%1) on %2 of %3 attempts: server phases from spans on %4, from response metrics or headers on %5.</source>
        <translation>Tiempos del servidor de las propias respuestas (%1) en %2 de %3 intentos: fases del servidor de los spans en %4, de métricas o cabeceras de la respuesta en %5.</translation>
    </message>
    <message>
        <source>Both sources on %1 attempts: %2 from spans minus the response&apos;s, median %3 ms, p95 of the absolute difference %4 ms.</source>
        <translation>Ambas fuentes en %1 intentos: %2 de los spans menos el de la respuesta, mediana %3 ms, p95 de la diferencia absoluta %4 ms.</translation>
    </message>
    <message>
        <source>Capacity: %1 req/s met every budget.</source>
        <translation>Capacidad: %1 sol/s cumplió todos los presupuestos.</translation>
    </message>
    <message>
        <source>No rate tried met every budget.</source>
        <translation>Ninguna tasa probada cumplió todos los presupuestos.</translation>
    </message>
    <message>
        <source>%1 req/s did not</source>
        <translation>%1 sol/s no</translation>
    </message>
    <message>
        <source>several owners</source>
        <translation>varios responsables</translation>
    </message>
    <message>
        <source>%1 %2 %3 against %4 %5 (%6)</source>
        <translation>%1 %2 %3 frente a %4 %5 (%6)</translation>
    </message>
</context>
<context>
    <name>pb::ui</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>Predeterminado del sistema</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>Phasebench will use the new language the next time it starts.</source>
        <translation>Phasebench usará el nuevo idioma la próxima vez que se inicie.</translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation>línea %1, columna %2</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)</source>
        <translation>Imagen PNG (*.png);;Imagen SVG (*.svg);;Documento PDF (*.pdf)</translation>
    </message>
    <message>
        <source>There is no chart to export.</source>
        <translation>No hay ningún gráfico que exportar.</translation>
    </message>
    <message>
        <source>Unknown chart format &quot;%1&quot;: use .png, .svg or .pdf.</source>
        <translation>Formato de gráfico desconocido «%1»: use .png, .svg o .pdf.</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>No se pudo escribir %1.</translation>
    </message>
    <message>
        <source>Export Chart…</source>
        <translation>Exportar gráfico…</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>Exportar gráfico</translation>
    </message>
    <message>
        <source>Copy Chart as Image</source>
        <translation>Copiar gráfico como imagen</translation>
    </message>
</context>
<context>
    <name>pb::ui::BudgetModel</name>
    <message>
        <source>pass</source>
        <translation>aprobado</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>fallido</translation>
    </message>
    <message>
        <source>cannot decide</source>
        <translation>no se puede decidir</translation>
    </message>
    <message>
        <source>%L1 %</source>
        <translation>%L1 %</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>SLO (%1)</source>
        <translation>SLO (%1)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Presupuesto</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Métrica</translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation>Estadístico</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>Umbral</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>Medido</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>ejecución completa</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Etapa</translation>
    </message>
    <message>
        <source>not measurable on this route</source>
        <translation>no medible en esta ruta</translation>
    </message>
</context>
<context>
    <name>pb::ui::CapacityBox</name>
    <message>
        <source>Capacity search (highest rate that meets the budgets)</source>
        <translation>Búsqueda de capacidad (tasa más alta que cumple los presupuestos)</translation>
    </message>
    <message>
        <source>Instead of the stages above: short stages at growing rates from the first stage&apos;s rate until one does not meet the budgets, then bisection. Every stage is kept in one stepped run, decided as Check decides it.</source>
        <translation>En lugar de las etapas de arriba: etapas cortas a tasas crecientes desde la tasa de la primera etapa hasta que una no cumple los presupuestos, luego bisección. Cada etapa se conserva en una ejecución escalonada, decidida como la decide Check.</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation>Precisión:</translation>
    </message>
    <message>
        <source>Time budget:</source>
        <translation>Presupuesto de tiempo:</translation>
    </message>
    <message>
        <source>Request budget:</source>
        <translation>Presupuesto de solicitudes:</translation>
    </message>
    <message>
        <source>met the budgets</source>
        <translation>cumplió los presupuestos</translation>
    </message>
    <message>
        <source>did not meet the budgets</source>
        <translation>no cumplió los presupuestos</translation>
    </message>
    <message>
        <source>could not be decided</source>
        <translation>no se pudo decidir</translation>
    </message>
    <message numerus="yes">
        <source>%n stage(s) in run %1; %2.</source>
        <translation>
            <numerusform>%n etapa en la ejecución %1; %2.</numerusform>
            <numerusform>%n etapas en la ejecución %1; %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>pb::ui::ChoiceDelegate</name>
    <message>
        <source>(not imported)</source>
        <translation>(no se importa)</translation>
    </message>
</context>
<context>
    <name>pb::ui::ColumnFormat</name>
    <message>
        <source>identity and correlation</source>
        <translation>identidad y correlación</translation>
    </message>
    <message>
        <source>condition</source>
        <translation>condición</translation>
    </message>
    <message>
        <source>result</source>
        <translation>resultado</translation>
    </message>
    <message>
        <source>token usage</source>
        <translation>uso de tokens</translation>
    </message>
    <message>
        <source>schedule</source>
        <translation>planificación</translation>
    </message>
    <message>
        <source>client phase (k6 semantics)</source>
        <translation>fase del cliente (semántica de k6)</translation>
    </message>
    <message>
        <source>stream milestone</source>
        <translation>hito del stream</translation>
    </message>
    <message>
        <source>transfer</source>
        <translation>transferencia</translation>
    </message>
    <message>
        <source>milliseconds (ms) from the attempt&apos;s start</source>
        <translation>milisegundos (ms) desde el inicio del intento</translation>
    </message>
    <message>
        <source>milliseconds (ms) from the run&apos;s start</source>
        <translation>milisegundos (ms) desde el inicio de la ejecución</translation>
    </message>
    <message>
        <source>milliseconds (ms)</source>
        <translation>milisegundos (ms)</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true o false</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>tokens</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>bytes</translation>
    </message>
    <message>
        <source>count</source>
        <translation>recuento</translation>
    </message>
    <message>
        <source>number</source>
        <translation>número</translation>
    </message>
    <message>
        <source>text</source>
        <translation>texto</translation>
    </message>
    <message>
        <source>%1
%2; unit: %3</source>
        <translation>%1
%2; unidad: %3</translation>
    </message>
    <message>
        <source>server timing from the response</source>
        <translation>tiempo del servidor de la respuesta</translation>
    </message>
    <message>
        <source>milliseconds (ms) on the server&apos;s clock</source>
        <translation>milisegundos (ms) en el reloj del servidor</translation>
    </message>
    <message>
        <source>multi-turn session</source>
        <translation>sesión de varios turnos</translation>
    </message>
</context>
<context>
    <name>pb::ui::ColumnMappingDialog</name>
    <message>
        <source>Import %1 with a column mapping</source>
        <translation>Importar %1 con asignación de columnas</translation>
    </message>
    <message>
        <source>Choose what each column of the file holds. Durations need their unit; unmapped columns are not imported. Without an outcome or HTTP status column every row counts as completed.</source>
        <translation>Elija qué contiene cada columna del archivo. Las duraciones necesitan su unidad; las columnas sin asignar no se importan. Sin una columna de resultado o de estado HTTP, cada fila cuenta como completada.</translation>
    </message>
    <message>
        <source>&amp;Mapping as text (for phasebench-cli import --map):</source>
        <translation>&amp;Asignación como texto (para phasebench-cli import --map):</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importar</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>No se puede leer %1: %2</translation>
    </message>
    <message>
        <source>%1 has no header line with at least two columns.</source>
        <translation>%1 no tiene una línea de cabecera con al menos dos columnas.</translation>
    </message>
    <message>
        <source>Map at least one column.</source>
        <translation>Asigne al menos una columna.</translation>
    </message>
    <message>
        <source>The file has no column &apos;%1&apos;.</source>
        <translation>El archivo no tiene ninguna columna &apos;%1&apos;.</translation>
    </message>
</context>
<context>
    <name>pb::ui::ColumnMappingModel</name>
    <message>
        <source>(not imported)</source>
        <translation>(no se importa)</translation>
    </message>
    <message>
        <source>How the start time is written: RFC 3339 text or a Unix timestamp.</source>
        <translation>Cómo está escrita la hora de inicio: texto RFC 3339 o una marca de tiempo Unix.</translation>
    </message>
    <message>
        <source>The unit of the values in this column.</source>
        <translation>La unidad de los valores de esta columna.</translation>
    </message>
    <message>
        <source>Column in the file</source>
        <translation>Columna del archivo</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>Ejemplos</translation>
    </message>
    <message>
        <source>Imported as</source>
        <translation>Importada como</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unidad</translation>
    </message>
</context>
<context>
    <name>pb::ui::CompareBar</name>
    <message>
        <source>Compare with…</source>
        <translation>Comparar con…</translation>
    </message>
    <message>
        <source>Typical vs slow</source>
        <translation>Típica frente a lenta</translation>
    </message>
    <message>
        <source>trace ID of request B (32 hex digits)</source>
        <translation>ID de traza de la solicitud B (32 dígitos hexadecimales)</translation>
    </message>
    <message>
        <source>Compare the shown request (A) with the request of this trace ID (B).</source>
        <translation>Compara la solicitud mostrada (A) con la solicitud de este ID de traza (B).</translation>
    </message>
    <message>
        <source>Compare the run&apos;s p50 request of total (A) with its p99 request (B): the exemplars at those ranks.</source>
        <translation>Compara la solicitud p50 de total de la ejecución (A) con su solicitud p99 (B): los ejemplares en esos rangos.</translation>
    </message>
    <message>
        <source>Same prompt in baseline…</source>
        <translation>Mismo prompt en la línea base…</translation>
    </message>
    <message>
        <source>Compare the shown request (B) with the request of a baseline run that sent the same prompt (A): its first completed one. Both runs must come from the same scenario.</source>
        <translation>Compara la solicitud mostrada (B) con la solicitud de una ejecución de línea base que envió el mismo prompt (A): su primera solicitud completada. Ambas ejecuciones deben venir del mismo escenario.</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>ejecución %1: %2</translation>
    </message>
</context>
<context>
    <name>pb::ui::ComparisonModel</name>
    <message>
        <source>values (N)</source>
        <translation>valores (N)</translation>
    </message>
    <message>
        <source>p50 (%1)</source>
        <translation>p50 (%1)</translation>
    </message>
    <message>
        <source>p95 (%1)</source>
        <translation>p95 (%1)</translation>
    </message>
    <message>
        <source>p99 (%1)</source>
        <translation>p99 (%1)</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation>Estadístico</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A: %1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B: %1</translation>
    </message>
    <message>
        <source>Change from A to B, percent of A</source>
        <translation>Cambio de A a B, en porcentaje de A</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Cambio</translation>
    </message>
    <message>
        <source>, trace %1</source>
        <translation>, traza %1</translation>
    </message>
    <message>
        <source>The request at this percentile: request %1 of run %2%3. Double-click or press Enter to open it in the Waterfall.</source>
        <translation>La solicitud de este percentil: solicitud %1 de la ejecución %2%3. Haga doble clic o pulse Intro para abrirla en la cascada.</translation>
    </message>
</context>
<context>
    <name>pb::ui::ComparisonPlot</name>
    <message>
        <source>ms from each attempt&apos;s start (client clock)</source>
        <translation>ms desde el inicio de cada intento (reloj del cliente)</translation>
    </message>
</context>
<context>
    <name>pb::ui::ComparisonView</name>
    <message>
        <source>no request in this file has trace ID &apos;%1&apos;</source>
        <translation>ninguna solicitud de este archivo tiene el ID de traza &apos;%1&apos;</translation>
    </message>
    <message>
        <source>the run has no completed request with a total</source>
        <translation>la ejecución no tiene ninguna solicitud completada con total</translation>
    </message>
    <message>
        <source>%1%2: request %3, total %L4 ms</source>
        <translation>%1%2: solicitud %3, total %L4 ms</translation>
    </message>
    <message>
        <source>, stage %1</source>
        <translation>, etapa %1</translation>
    </message>
    <message>
        <source>no trace ID</source>
        <translation>sin ID de traza</translation>
    </message>
    <message>
        <source>%1%2: request %3 of run %4 (%5), trace %6</source>
        <translation>%1%2: solicitud %3 de la ejecución %4 (%5), traza %6</translation>
    </message>
    <message>
        <source>not scraped</source>
        <translation>no leído</translation>
    </message>
    <message>
        <source>%L1 ms</source>
        <translation>%L1 ms</translation>
    </message>
    <message>
        <source>Back to the request</source>
        <translation>Volver a la solicitud</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Cifra</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Cannot compare the requests: %1</source>
        <translation>No se pueden comparar las solicitudes: %1</translation>
    </message>
    <message>
        <source>No comparison yet.</source>
        <translation>Todavía no hay comparación.</translation>
    </message>
    <message>
        <source>Comparing request %1 with trace %2…</source>
        <translation>Comparando la solicitud %1 con la traza %2…</translation>
    </message>
    <message>
        <source>Finding the p50 and p99 requests of run %1…</source>
        <translation>Buscando las solicitudes p50 y p99 de la ejecución %1…</translation>
    </message>
    <message>
        <source>No delta table: a request has no total.</source>
        <translation>Sin tabla de diferencias: una solicitud no tiene total.</translation>
    </message>
    <message>
        <source>B took %L1 ms more than A; the delta table splits that difference.</source>
        <translation>B tardó %L1 ms más que A; la tabla de diferencias reparte esa diferencia.</translation>
    </message>
    <message>
        <source>B took %L1 ms less than A; the delta table splits that difference.</source>
        <translation>B tardó %L1 ms menos que A; la tabla de diferencias reparte esa diferencia.</translation>
    </message>
    <message>
        <source>chunk gaps</source>
        <translation>intervalos entre fragmentos</translation>
    </message>
    <message>
        <source>gap p50</source>
        <translation>intervalo p50</translation>
    </message>
    <message>
        <source>gap p90</source>
        <translation>intervalo p90</translation>
    </message>
    <message>
        <source>gap p99</source>
        <translation>intervalo p99</translation>
    </message>
    <message>
        <source>gap max</source>
        <translation>intervalo máx.</translation>
    </message>
    <message>
        <source>running at start</source>
        <translation>en ejecución al inicio</translation>
    </message>
    <message>
        <source>waiting at start</source>
        <translation>en espera al inicio</translation>
    </message>
    <message>
        <source>KV cache at start</source>
        <translation>caché KV al inicio</translation>
    </message>
    <message>
        <source>The target&apos;s last scrape at or before the request started.</source>
        <translation>La última lectura del destino en el inicio de la solicitud o antes.</translation>
    </message>
    <message>
        <source> (p50 of total, rank %1%2)</source>
        <translation> (p50 de total, rango %1%2)</translation>
    </message>
    <message>
        <source> (p99 of total, rank %1%2)</source>
        <translation> (p99 de total, rango %1%2)</translation>
    </message>
    <message>
        <source>Finding the request of run %1 with the same prompt as request %2…</source>
        <translation>Buscando la solicitud de la ejecución %1 con el mismo prompt que la solicitud %2…</translation>
    </message>
    <message>
        <source> (baseline run %1, same prompt, ref %2)</source>
        <translation> (ejecución de línea base %1, mismo prompt, ref %2)</translation>
    </message>
    <message>
        <source> (prompt ref %1)</source>
        <translation> (ref. de prompt %1)</translation>
    </message>
</context>
<context>
    <name>pb::ui::CompositionChart</name>
    <message>
        <source>No requests with a %1 in this scope and window yet</source>
        <translation>Aún no hay solicitudes con %1 en este ámbito y ventana</translation>
    </message>
    <message>
        <source>p%1</source>
        <translation>p%1</translation>
    </message>
    <message>
        <source>percentile band of %1</source>
        <translation>banda de percentiles de %1</translation>
    </message>
    <message>
        <source>mean of the band (ms)</source>
        <translation>media de la banda (ms)</translation>
    </message>
    <message>
        <source>Composition at each percentile (N = %L1)</source>
        <translation>Composición en cada percentil (N = %L1)</translation>
    </message>
</context>
<context>
    <name>pb::ui::DeltaTableModel</name>
    <message>
        <source>network envelope</source>
        <translation>envolvente de red</translation>
    </message>
    <message>
        <source>gateway</source>
        <translation>pasarela</translation>
    </message>
    <message>
        <source>GPU queue</source>
        <translation>cola de GPU</translation>
    </message>
    <message>
        <source>generation</source>
        <translation>generación</translation>
    </message>
    <message>
        <source>response write</source>
        <translation>escritura de la respuesta</translation>
    </message>
    <message>
        <source>external provider</source>
        <translation>proveedor externo</translation>
    </message>
    <message>
        <source>to first text</source>
        <translation>hasta el primer texto</translation>
    </message>
    <message>
        <source>rest (done to end)</source>
        <translation>resto (de done al final)</translation>
    </message>
    <message>
        <source>setup (blocked, DNS, connect, TLS)</source>
        <translation>preparación (bloqueo, DNS, conexión, TLS)</translation>
    </message>
    <message>
        <source>send</source>
        <translation>envío</translation>
    </message>
    <message>
        <source>wait</source>
        <translation>espera</translation>
    </message>
    <message>
        <source>receive</source>
        <translation>recepción</translation>
    </message>
    <message>
        <source>unattributed</source>
        <translation>sin atribuir</translation>
    </message>
    <message>
        <source>total</source>
        <translation>total</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>no medido</translation>
    </message>
    <message>
        <source>%1%L2 ms</source>
        <translation>%1%L2 ms</translation>
    </message>
    <message>
        <source>%L1 ms</source>
        <translation>%L1 ms</translation>
    </message>
    <message>
        <source>The total minus every other row: what no measured part explains.</source>
        <translation>El total menos todas las demás filas: lo que ninguna parte medida explica.</translation>
    </message>
    <message>
        <source>This request did not measure it; it counts as 0 and its time is in unattributed.</source>
        <translation>Esta solicitud no lo midió; cuenta como 0 y su tiempo está en sin atribuir.</translation>
    </message>
    <message>
        <source>Part of the total</source>
        <translation>Parte del total</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
</context>
<context>
    <name>pb::ui::DemoDialog</name>
    <message>
        <source>Run Demo</source>
        <translation>Ejecutar demostración</translation>
    </message>
    <message>
        <source>Starts the built-in demo gateway and OTLP receiver on this machine and runs an open-model streaming load against it. Switch on a fault to see its symptom.</source>
        <translation>Inicia la pasarela de demostración y el receptor OTLP integrados en esta máquina y ejecuta contra ellos una carga de streaming de modelo abierto. Active un fallo para ver su síntoma.</translation>
    </message>
    <message>
        <source>Faults of the demo gateway</source>
        <translation>Fallos de la pasarela de demostración</translation>
    </message>
    <message>
        <source> req/s</source>
        <translation> req/s</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Arrival rate:</source>
        <translation>Tasa de llegada:</translation>
    </message>
    <message>
        <source>Duration after warm-up:</source>
        <translation>Duración tras el calentamiento:</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Iniciar</translation>
    </message>
    <message>
        <source>Unknown demo fault: %1</source>
        <translation>Fallo de demostración desconocido: %1</translation>
    </message>
    <message>
        <source>Stepped past the knee (%1 req/s), budgets stored</source>
        <translation>Escalonado más allá del codo (%1 req/s), presupuestos almacenados</translation>
    </message>
    <message>
        <source>Steady at one rate</source>
        <translation>Estable a una sola tasa</translation>
    </message>
    <message>
        <source>Load profile:</source>
        <translation>Perfil de carga:</translation>
    </message>
</context>
<context>
    <name>pb::ui::DiagnosisModel</name>
    <message>
        <source>low</source>
        <translation>baja</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>media</translation>
    </message>
    <message>
        <source>high</source>
        <translation>alta</translation>
    </message>
    <message>
        <source>Symptom</source>
        <translation>Síntoma</translation>
    </message>
    <message>
        <source>Likely owner</source>
        <translation>Responsable probable</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Confianza</translation>
    </message>
    <message>
        <source>Between</source>
        <translation>Entre</translation>
    </message>
    <message>
        <source>First check</source>
        <translation>Primera comprobación</translation>
    </message>
</context>
<context>
    <name>pb::ui::DiagnosisPage</name>
    <message>
        <source>Click a figure that is a phase to see its percentiles</source>
        <translation>Haga clic en una cifra que sea una fase para ver sus percentiles</translation>
    </message>
    <message>
        <source>Click a trace ID to select that request</source>
        <translation>Haga clic en un trace ID para seleccionar esa solicitud</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>Comparar con:</translation>
    </message>
    <message>
        <source>Cannot diagnose the run: %1</source>
        <translation>No se puede diagnosticar la ejecución: %1</translation>
    </message>
    <message>
        <source>No run selected</source>
        <translation>No hay ninguna ejecución seleccionada</translation>
    </message>
    <message>
        <source>halves of the run, or first vs last stage of a stepped run</source>
        <translation>mitades de la ejecución, o primera frente a última etapa de una ejecución escalonada</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>ejecución %1: %2</translation>
    </message>
    <message>
        <source>Diagnosing…</source>
        <translation>Diagnosticando…</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Comparison refused (%1): the load profiles differ: %2</source>
        <translation>Comparación rechazada (%1): los perfiles de carga difieren: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s); no comparison was possible.</source>
        <translation>
            <numerusform>%n hallazgo; no fue posible ninguna comparación.</numerusform>
            <numerusform>%n hallazgos; no fue posible ninguna comparación.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s), comparing %1.</source>
        <translation>
            <numerusform>%n hallazgo, comparando %1.</numerusform>
            <numerusform>%n hallazgos, comparando %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Knee: %1; highest stage that met the budgets: %2</source>
        <translation>Codo: %1; etapa más alta que cumplió los presupuestos: %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>%1
Likely owner: %2 (confidence %3). Compared: %4.
First check: %5</source>
        <translation>%1
Responsable probable: %2 (confianza %3). Comparado: %4.
Primera comprobación: %5</translation>
    </message>
</context>
<context>
    <name>pb::ui::DistributionPlots</name>
    <message>
        <source>share of values per bin (%)</source>
        <translation>proporción de valores por intervalo (%)</translation>
    </message>
    <message>
        <source>values at or below (%)</source>
        <translation>valores menores o iguales (%)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1, log scale</source>
        <translation>%1, escala logarítmica</translation>
    </message>
    <message numerus="yes">
        <source>%1: A and B on the same %n bin(s)</source>
        <translation>
            <numerusform>%1: A y B en el mismo intervalo (%n)</numerusform>
            <numerusform>%1: A y B en los mismos %n intervalos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 in %n bin(s)</source>
        <translation>
            <numerusform>%1 en %n intervalo</numerusform>
            <numerusform>%1 en %n intervalos</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>pb::ui::DistributionsPage</name>
    <message>
        <source>run %1</source>
        <translation>ejecución %1</translation>
    </message>
    <message>
        <source>%1, whole run</source>
        <translation>%1, ejecución completa</translation>
    </message>
    <message>
        <source>%1, steady window</source>
        <translation>%1, ventana estable</translation>
    </message>
    <message>
        <source>%1, stage %2</source>
        <translation>%1, etapa %2</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Escala logarítmica</translation>
    </message>
    <message>
        <source>Metric:</source>
        <translation>Métrica:</translation>
    </message>
    <message>
        <source>A:</source>
        <translation>A:</translation>
    </message>
    <message>
        <source>B:</source>
        <translation>B:</translation>
    </message>
    <message>
        <source>Bins:</source>
        <translation>Intervalos:</translation>
    </message>
    <message>
        <source>Cannot compute the distributions: %1</source>
        <translation>No se pueden calcular las distribuciones: %1</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>ejecución completa</translation>
    </message>
    <message>
        <source>steady window</source>
        <translation>ventana estable</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>etapa %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>stage %1 of this run</source>
        <translation>etapa %1 de esta ejecución</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>ejecución %1: %2</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Calculando…</translation>
    </message>
    <message>
        <source>not comparable: %1</source>
        <translation>no comparables: %1</translation>
    </message>
    <message>
        <source>comparable: same scope, convention, counts and load profile</source>
        <translation>comparables: mismo ámbito, convención, recuentos y perfil de carga</translation>
    </message>
    <message>
        <source>not comparable: %1 is not available on both sides</source>
        <translation>no comparables: %1 no está disponible en ambos lados</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A: %1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B: %1</translation>
    </message>
    <message>
        <source>Scope %1; percentiles %2.</source>
        <translation>Ámbito %1; percentiles %2.</translation>
    </message>
    <message>
        <source>%1: %2 not available on this run (not joined)</source>
        <translation>%1: %2 no disponible en esta ejecución (sin unión)</translation>
    </message>
    <message>
        <source>%1: %2 not available on this run (no %3 column)</source>
        <translation>%1: %2 no disponible en esta ejecución (sin columna %3)</translation>
    </message>
    <message>
        <source>%1: no values of %2 in this window (%3)</source>
        <translation>%1: no hay valores de %2 en esta ventana (%3)</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n value(s) at or below zero left out of the log scale</source>
        <translation>
            <numerusform>%1: %n valor menor o igual que cero queda fuera de la escala logarítmica</numerusform>
            <numerusform>%1: %n valores menores o iguales que cero quedan fuera de la escala logarítmica</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, all %2 groups (pooled)</source>
        <translation>%1, los %2 grupos (agrupados)</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Group:</source>
        <translation>Grupo:</translation>
    </message>
    <message>
        <source>Models and scenarios are shown one group at a time; all groups together only when chosen, labelled pooled</source>
        <translation>Los modelos y escenarios se muestran grupo a grupo; todos los grupos juntos solo si se elige, marcados como agrupados</translation>
    </message>
    <message>
        <source>all groups (pooled)</source>
        <translation>todos los grupos (agrupados)</translation>
    </message>
</context>
<context>
    <name>pb::ui::EvidenceModel</name>
    <message>
        <source>Figure</source>
        <translation>Cifra</translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation>Estadístico</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Antes</translation>
    </message>
    <message>
        <source>N before</source>
        <translation>N antes</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Después</translation>
    </message>
    <message>
        <source>N after</source>
        <translation>N después</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Cambio</translation>
    </message>
</context>
<context>
    <name>pb::ui::ExplorerModel</name>
    <message>
        <source>seq</source>
        <translation>n.º</translation>
    </message>
    <message>
        <source>trace ID</source>
        <translation>trace ID</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>etapa</translation>
    </message>
    <message>
        <source>outcome</source>
        <translation>resultado</translation>
    </message>
    <message>
        <source>start (s)</source>
        <translation>inicio (s)</translation>
    </message>
    <message>
        <source>y: %1 (ms)</source>
        <translation>y: %1 (ms)</translation>
    </message>
    <message>
        <source>total (ms)</source>
        <translation>total (ms)</translation>
    </message>
    <message>
        <source>first_text (ms)</source>
        <translation>first_text (ms)</translation>
    </message>
</context>
<context>
    <name>pb::ui::ExplorerPage</name>
    <message>
        <source>Log scale</source>
        <translation>Escala logarítmica</translation>
    </message>
    <message>
        <source>start time (s)</source>
        <translation>hora de inicio (s)</translation>
    </message>
    <message>
        <source>input tokens</source>
        <translation>tokens de entrada</translation>
    </message>
    <message>
        <source>output tokens</source>
        <translation>tokens de salida</translation>
    </message>
    <message>
        <source>total (ms)</source>
        <translation>total (ms)</translation>
    </message>
    <message>
        <source>first_text: time to first visible text (ms)</source>
        <translation>first_text: tiempo hasta el primer texto visible (ms)</translation>
    </message>
    <message>
        <source>wait: request sent to headers (ms)</source>
        <translation>wait: de la solicitud enviada a las cabeceras (ms)</translation>
    </message>
    <message>
        <source>gpu_queue, from server spans (ms)</source>
        <translation>gpu_queue, de los spans del servidor (ms)</translation>
    </message>
    <message>
        <source>network_envelope: client total − server root (ms)</source>
        <translation>network_envelope: total del cliente − raíz del servidor (ms)</translation>
    </message>
    <message>
        <source>slowest %L1</source>
        <translation>las %L1 más lentas</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>no minimum</source>
        <translation>sin mínimo</translation>
    </message>
    <message>
        <source>List only requests whose y value is at least this</source>
        <translation>Lista solo las solicitudes cuyo valor y es al menos este</translation>
    </message>
    <message>
        <source>Trace ID or its first digits</source>
        <translation>Trace ID o sus primeros dígitos</translation>
    </message>
    <message>
        <source>X:</source>
        <translation>X:</translation>
    </message>
    <message>
        <source>Y:</source>
        <translation>Y:</translation>
    </message>
    <message>
        <source>Outcome:</source>
        <translation>Resultado:</translation>
    </message>
    <message>
        <source>Stage:</source>
        <translation>Etapa:</translation>
    </message>
    <message>
        <source>Y at least:</source>
        <translation>Y al menos:</translation>
    </message>
    <message>
        <source>Cannot compute the explorer: %1</source>
        <translation>No se puede calcular el explorador: %1</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Calculando…</translation>
    </message>
    <message>
        <source>The server spans could not be joined to these requests.</source>
        <translation>No se pudieron unir los spans del servidor a estas solicitudes.</translation>
    </message>
    <message>
        <source>all</source>
        <translation>todos</translation>
    </message>
    <message>
        <source>%1 (%L2)</source>
        <translation>%1 (%L2)</translation>
    </message>
    <message>
        <source>No request of this run has the trace ID %1.</source>
        <translation>Ninguna solicitud de esta ejecución tiene el trace ID %1.</translation>
    </message>
    <message>
        <source>%L1 requests; %L2 match the filters; listing the slowest %L3 by %4.</source>
        <translation>%L1 solicitudes; %L2 cumplen los filtros; se listan las %L3 más lentas por %4.</translation>
    </message>
    <message>
        <source>Group:</source>
        <translation>Grupo:</translation>
    </message>
    <message>
        <source>List only the requests of one model/scenario group</source>
        <translation>Listar solo las solicitudes de un grupo de modelo/escenario</translation>
    </message>
    <message>
        <source>all groups</source>
        <translation>todos los grupos</translation>
    </message>
    <message>
        <source>Cannot list the requests: %1</source>
        <translation>No se pueden listar las solicitudes: %1</translation>
    </message>
    <message>
        <source>Listing only the requests of this range of the Timeline; click to clear it</source>
        <translation>Solo se listan las peticiones de este intervalo de la línea de tiempo; haga clic para quitarlo</translation>
    </message>
    <message>
        <source>Time %1  ✕</source>
        <translation>Tiempo %1  ✕</translation>
    </message>
</context>
<context>
    <name>pb::ui::ExplorerPlot</name>
    <message>
        <source>start (s from the run&apos;s start)</source>
        <translation>inicio (s desde el inicio de la ejecución)</translation>
    </message>
    <message>
        <source>input tokens</source>
        <translation>tokens de entrada</translation>
    </message>
    <message>
        <source>output tokens</source>
        <translation>tokens de salida</translation>
    </message>
    <message>
        <source>%1 (ms)</source>
        <translation>%1 (ms)</translation>
    </message>
    <message>
        <source>%1 (%L2)</source>
        <translation>%1 (%L2)</translation>
    </message>
    <message>
        <source>Reset Zoom</source>
        <translation>Restablecer zoom</translation>
    </message>
</context>
<context>
    <name>pb::ui::FetchTracesController</name>
    <message>
        <source>Stop fetching; the traces fetched so far are kept</source>
        <translation>Detiene la obtención; se conservan las trazas obtenidas hasta ahora</translation>
    </message>
    <message>
        <source>Fetching traces of run %1 from %2…</source>
        <translation>Obteniendo las trazas de la ejecución %1 desde %2…</translation>
    </message>
    <message>
        <source>Stopping: storing what was fetched…</source>
        <translation>Deteniendo: almacenando lo obtenido…</translation>
    </message>
    <message>
        <source>Run %1: fetched %L2 traces (%L3 spans), already present %L4, missing %L5, failed %L6.</source>
        <translation>Ejecución %1: obtenidas %L2 trazas (%L3 spans), ya presentes %L4, ausentes %L5, fallidas %L6.</translation>
    </message>
    <message>
        <source>Join coverage: %1%.</source>
        <translation>Cobertura de la unión: %1%.</translation>
    </message>
    <message>
        <source>Cancelled; fetch again to resume.</source>
        <translation>Cancelado; vuelva a obtener las trazas para reanudar.</translation>
    </message>
    <message>
        <source>Last error: %1</source>
        <translation>Último error: %1</translation>
    </message>
</context>
<context>
    <name>pb::ui::FetchTracesDialog</name>
    <message>
        <source>Fetch Traces from Jaeger</source>
        <translation>Obtener trazas de Jaeger</translation>
    </message>
    <message>
        <source>Fetches the server traces of run %1 by the trace IDs of its attempts from a Jaeger query service, stores them into the run and joins it again. Traces already in the run are skipped, so fetching again resumes. Traces Jaeger does not have lower the join coverage; they are not errors.</source>
        <translation>Obtiene las trazas del servidor de la ejecución %1 por los trace IDs de sus intentos desde un servicio de consulta de Jaeger, las almacena en la ejecución y vuelve a unirla. Las trazas que ya están en la ejecución se omiten, así que volver a obtenerlas reanuda la operación. Las trazas que Jaeger no tiene reducen la cobertura de la unión; no son errores.</translation>
    </message>
    <message>
        <source>The Jaeger query service (its UI&apos;s address, port 16686 by default); requests go to /api/traces/ID</source>
        <translation>El servicio de consulta de Jaeger (la dirección de su interfaz, puerto 16686 de forma predeterminada); las solicitudes van a /api/traces/ID</translation>
    </message>
    <message>
        <source>every service</source>
        <translation>todos los servicios</translation>
    </message>
    <message>
        <source>Keep only spans of this service, e.g. the LLM server when its traces also hold other services&apos; spans</source>
        <translation>Conserva solo los spans de este servicio, p. ej. el servidor LLM cuando sus trazas contienen también spans de otros servicios</translation>
    </message>
    <message>
        <source>Jaeger URL:</source>
        <translation>URL de Jaeger:</translation>
    </message>
    <message>
        <source>Service:</source>
        <translation>Servicio:</translation>
    </message>
    <message>
        <source>Requests in flight:</source>
        <translation>Solicitudes en curso:</translation>
    </message>
    <message>
        <source>Fetch</source>
        <translation>Obtener</translation>
    </message>
</context>
<context>
    <name>pb::ui::ImportController</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>All supported files (%1)</source>
        <translation>Todos los archivos compatibles (%1)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Todos los archivos (*)</translation>
    </message>
</context>
<context>
    <name>pb::ui::Job</name>
    <message>
        <source>unexpected error</source>
        <translation>error inesperado</translation>
    </message>
</context>
<context>
    <name>pb::ui::JobProgressWidget</name>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop this work; nothing of it is kept</source>
        <translation>Detiene este trabajo; no se conserva nada de él</translation>
    </message>
</context>
<context>
    <name>pb::ui::KneePlot</name>
    <message>
        <source>achieved throughput (completed/s)</source>
        <translation>rendimiento logrado (completadas/s)</translation>
    </message>
    <message>
        <source>requested arrival rate (requests/s)</source>
        <translation>tasa de llegada solicitada (solicitudes/s)</translation>
    </message>
    <message>
        <source>achieved arrival rate (started/s)</source>
        <translation>tasa de llegada lograda (iniciadas/s)</translation>
    </message>
    <message>
        <source>GPU queue %1 (ms)</source>
        <translation>Cola de GPU %1 (ms)</translation>
    </message>
    <message>
        <source>TTFT (first visible text) %1 (ms)</source>
        <translation>TTFT (primer texto visible) %1 (ms)</translation>
    </message>
    <message>
        <source>throughput = arrival rate</source>
        <translation>rendimiento = tasa de llegada</translation>
    </message>
    <message>
        <source>achieved throughput</source>
        <translation>rendimiento logrado</translation>
    </message>
    <message>
        <source>GPU queue %1</source>
        <translation>Cola de GPU %1</translation>
    </message>
    <message>
        <source>knee: %1</source>
        <translation>codo: %1</translation>
    </message>
    <message>
        <source>Knee at stage %1:
throughput stops following the arrival rate</source>
        <translation>Codo en la etapa %1:
el rendimiento deja de seguir la tasa de llegada</translation>
    </message>
    <message>
        <source>Throughput and queue per stage:
no knee found</source>
        <translation>Rendimiento y cola por etapa:
no se encontró ningún codo</translation>
    </message>
    <message>
        <source>TTFT (first visible text) %1</source>
        <translation>TTFT (primer texto visible) %1</translation>
    </message>
    <message>
        <source>Double-click a latency point to open the request at its percentile</source>
        <translation>Doble clic en un punto de latencia para abrir la solicitud de su percentil</translation>
    </message>
</context>
<context>
    <name>pb::ui::LauncherPage</name>
    <message>
        <source>&amp;Start Run</source>
        <translation>&amp;Iniciar ejecución</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>De&amp;tener</translation>
    </message>
    <message>
        <source>&amp;Open Scenario…</source>
        <translation>&amp;Abrir escenario…</translation>
    </message>
    <message>
        <source>Save Scenario &amp;As…</source>
        <translation>&amp;Guardar escenario como…</translation>
    </message>
    <message>
        <source>Start the run (Ctrl+Return)</source>
        <translation>Inicia la ejecución (Ctrl+Return)</translation>
    </message>
    <message>
        <source>Form</source>
        <translation>Formulario</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Not running</source>
        <translation>Sin ejecutar</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Destino</translation>
    </message>
    <message>
        <source>Built-in demo gateway (loopback, with its own spans)</source>
        <translation>Pasarela de demostración integrada (loopback, con sus propios spans)</translation>
    </message>
    <message>
        <source>Endpoint (OpenAI-compatible)</source>
        <translation>Endpoint (compatible con OpenAI)</translation>
    </message>
    <message>
        <source>Chat completions (/v1/chat/completions)</source>
        <translation>Chat completions (/v1/chat/completions)</translation>
    </message>
    <message>
        <source>Responses (/v1/responses)</source>
        <translation>Responses (/v1/responses)</translation>
    </message>
    <message>
        <source>The name of the environment variable that holds the API key. The key itself is never typed here, saved in the scenario or stored with the run.</source>
        <translation>El nombre de la variable de entorno que contiene la clave de API. La clave en sí nunca se escribe aquí, ni se guarda en el escenario ni se almacena con la ejecución.</translation>
    </message>
    <message>
        <source>Verify the server&apos;s TLS certificate</source>
        <translation>Verificar el certificado TLS del servidor</translation>
    </message>
    <message>
        <source>Scenario name:</source>
        <translation>Nombre del escenario:</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>URL base:</translation>
    </message>
    <message>
        <source>API:</source>
        <translation>API:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modelo:</translation>
    </message>
    <message>
        <source>API key variable:</source>
        <translation>Variable de la clave de API:</translation>
    </message>
    <message>
        <source>Request profile</source>
        <translation>Perfil de solicitud</translation>
    </message>
    <message>
        <source>Stream the response (SSE)</source>
        <translation>Transmitir la respuesta en streaming (SSE)</translation>
    </message>
    <message>
        <source>not sent</source>
        <translation>no se envía</translation>
    </message>
    <message>
        <source>max_tokens:</source>
        <translation>max_tokens:</translation>
    </message>
    <message>
        <source>Prompt sets and their input-length buckets: edit them in the JSON tab.</source>
        <translation>Conjuntos de prompts y sus grupos de longitud de entrada: edítelos en la pestaña JSON.</translation>
    </message>
    <message>
        <source>Executor</source>
        <translation>Ejecutor</translation>
    </message>
    <message>
        <source>Constant arrival rate (open)</source>
        <translation>Tasa de llegada constante (abierto)</translation>
    </message>
    <message>
        <source>Stepped arrival rate (open, per-stage figures)</source>
        <translation>Tasa de llegada escalonada (abierto, cifras por etapa)</translation>
    </message>
    <message>
        <source>Ramping arrival rate (open)</source>
        <translation>Tasa de llegada en rampa (abierto)</translation>
    </message>
    <message>
        <source>Constant virtual users (closed, for comparison)</source>
        <translation>Usuarios virtuales constantes (cerrado, para comparar)</translation>
    </message>
    <message>
        <source> req/s</source>
        <translation> req/s</translation>
    </message>
    <message>
        <source>Add Stage</source>
        <translation>Añadir etapa</translation>
    </message>
    <message>
        <source>Remove Stage</source>
        <translation>Quitar etapa</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Tipo:</translation>
    </message>
    <message>
        <source>Arrival rate:</source>
        <translation>Tasa de llegada:</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>Duración:</translation>
    </message>
    <message>
        <source>Virtual users:</source>
        <translation>Usuarios virtuales:</translation>
    </message>
    <message>
        <source>Stages:</source>
        <translation>Etapas:</translation>
    </message>
    <message>
        <source>Max in flight:</source>
        <translation>Máximo en curso:</translation>
    </message>
    <message>
        <source>Warm-up:</source>
        <translation>Calentamiento:</translation>
    </message>
    <message>
        <source>Budgets (set before the run)</source>
        <translation>Presupuestos (definidos antes de la ejecución)</translation>
    </message>
    <message>
        <source>Budget file (JSON, docs/budgets.md); none when empty</source>
        <translation>Archivo de presupuestos (JSON, docs/budgets.md); ninguno si está vacío</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <source>Budget File</source>
        <translation>Archivo de presupuestos</translation>
    </message>
    <message>
        <source>Budget files (*.json);;All files (*)</source>
        <translation>Archivos de presupuestos (*.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>OTLP receiver (server spans)</source>
        <translation>Receptor OTLP (spans del servidor)</translation>
    </message>
    <message>
        <source>any free port</source>
        <translation>cualquier puerto libre</translation>
    </message>
    <message>
        <source>Listen on:</source>
        <translation>Escuchar en:</translation>
    </message>
    <message>
        <source>%1 / %2 s</source>
        <translation>%1 / %2 s</translation>
    </message>
    <message>
        <source>Run %1: completed %L2, failed %L3, dropped %L4</source>
        <translation>Ejecución %1: completadas %L2, fallidas %L3, descartadas %L4</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Finalizada</translation>
    </message>
    <message>
        <source>Run %1 finished: its figures are on the other pages.</source>
        <translation>La ejecución %1 ha finalizado: sus cifras están en las demás páginas.</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fallida</translation>
    </message>
    <message>
        <source>The environment variable %1, which should hold the API key, is not set. Set it in the environment Phasebench starts from, or clear the API key variable for an endpoint without authentication.</source>
        <translation>La variable de entorno %1, que debería contener la clave de API, no está definida. Defínala en el entorno desde el que se inicia Phasebench o borre la variable de la clave de API para un endpoint sin autenticación.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Iniciando…</translation>
    </message>
    <message>
        <source>(in the scenario)</source>
        <translation>(en el escenario)</translation>
    </message>
    <message>
        <source>JSON: %1</source>
        <translation>JSON: %1</translation>
    </message>
    <message>
        <source>Demo gateway: %1</source>
        <translation>Pasarela de demostración: %1</translation>
    </message>
    <message>
        <source>Run %1 started.</source>
        <translation>Ejecución %1 iniciada.</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>Abrir escenario</translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation>Escenarios (*.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>Guardar escenario</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>Escenarios (*.json)</translation>
    </message>
    <message>
        <source>The OTLP receivers (gRPC and HTTP) start with the run; their addresses and the exporter settings for vLLM appear here so that a server&apos;s exporter can be pointed at them.</source>
        <translation>Los receptores OTLP (gRPC y HTTP) se inician con la ejecución; sus direcciones y la configuración del exportador para vLLM aparecen aquí para que el exportador de un servidor pueda apuntar a ellos.</translation>
    </message>
    <message>
        <source>off</source>
        <translation>desactivado</translation>
    </message>
    <message>
        <source>OTLP/HTTP port:</source>
        <translation>Puerto OTLP/HTTP:</translation>
    </message>
    <message>
        <source>OTLP/gRPC port:</source>
        <translation>Puerto OTLP/gRPC:</translation>
    </message>
    <message>
        <source>OTLP/gRPC receiver: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Receptor OTLP/gRPC: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>OTLP/HTTP receiver: &lt;b&gt;%1&lt;/b&gt; (protobuf or JSON)</source>
        <translation>Receptor OTLP/HTTP: &lt;b&gt;%1&lt;/b&gt; (protobuf o JSON)</translation>
    </message>
    <message>
        <source>Point the server&apos;s exporter at it, e.g. for vLLM:</source>
        <translation>Apunte a él el exportador del servidor, p. ej. para vLLM:</translation>
    </message>
    <message>
        <source>or start vLLM with &lt;code&gt;%1&lt;/code&gt;.</source>
        <translation>o inicie vLLM con &lt;code&gt;%1&lt;/code&gt;.</translation>
    </message>
    <message>
        <source>&amp;Start Search</source>
        <translation>&amp;Iniciar búsqueda</translation>
    </message>
    <message>
        <source>Stage %1 %2.</source>
        <translation>Etapa %1: %2.</translation>
    </message>
    <message>
        <source>Stage %1: %2 req/s…</source>
        <translation>Etapa %1: %2 sol/s…</translation>
    </message>
    <message>
        <source>A capacity search decides each stage by budgets: choose a budget file.</source>
        <translation>Una búsqueda de capacidad decide cada etapa con presupuestos: elija un archivo de presupuestos.</translation>
    </message>
</context>
<context>
    <name>pb::ui::LivePlot</name>
    <message>
        <source>Arrival rate (req/s)</source>
        <translation>Tasa de llegada (req/s)</translation>
    </message>
    <message>
        <source>In flight</source>
        <translation>En curso</translation>
    </message>
    <message>
        <source>Target rate</source>
        <translation>Tasa objetivo</translation>
    </message>
    <message>
        <source>Achieved rate</source>
        <translation>Tasa lograda</translation>
    </message>
    <message>
        <source>Time since the run started (s)</source>
        <translation>Tiempo desde el inicio de la ejecución (s)</translation>
    </message>
    <message>
        <source>Dropped</source>
        <translation>Descartadas</translation>
    </message>
    <message>
        <source>Dropped iterations</source>
        <translation>Iteraciones descartadas</translation>
    </message>
    <message>
        <source>TTFT (first visible text) p95 (ms)</source>
        <translation>TTFT (primer texto visible) p95 (ms)</translation>
    </message>
    <message>
        <source>TTFT (first visible text) p95 per interval</source>
        <translation>TTFT (primer texto visible) p95 por intervalo</translation>
    </message>
</context>
<context>
    <name>pb::ui::MainWindow</name>
    <message>
        <source>Requests</source>
        <translation>Solicitudes</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;New Workbench…</source>
        <translation>&amp;Nuevo banco de trabajo…</translation>
    </message>
    <message>
        <source>Create an empty workbench file</source>
        <translation>Crea un archivo de banco de trabajo vacío</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Abrir…</translation>
    </message>
    <message>
        <source>Open a workbench file</source>
        <translation>Abre un archivo de banco de trabajo</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Abrir &amp;reciente</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importar…</translation>
    </message>
    <message>
        <source>Import result files into the workbench, one run per file</source>
        <translation>Importa archivos de resultados en el banco de trabajo, una ejecución por archivo</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <source>&amp;About Phasebench</source>
        <translation>&amp;Acerca de Phasebench</translation>
    </message>
    <message>
        <source>Cannot Create Workbench</source>
        <translation>No se puede crear el banco de trabajo</translation>
    </message>
    <message>
        <source>Cannot Open Workbench</source>
        <translation>No se puede abrir el banco de trabajo</translation>
    </message>
    <message>
        <source>Could not create %1.</source>
        <translation>No se pudo crear %1.</translation>
    </message>
    <message>
        <source>Could not open %1.</source>
        <translation>No se pudo abrir %1.</translation>
    </message>
    <message>
        <source>No workbench was open: importing into the default workbench %1</source>
        <translation>No había ningún banco de trabajo abierto: importando en el banco de trabajo predeterminado %1</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelando…</translation>
    </message>
    <message>
        <source>New Workbench</source>
        <translation>Nuevo banco de trabajo</translation>
    </message>
    <message>
        <source>Phasebench workbench (*.phasebench)</source>
        <translation>Banco de trabajo de Phasebench (*.phasebench)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Open Workbench</source>
        <translation>Abrir banco de trabajo</translation>
    </message>
    <message>
        <source>Phasebench workbench (*.phasebench);;All files (*)</source>
        <translation>Banco de trabajo de Phasebench (*.phasebench);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importar</translation>
    </message>
    <message>
        <source>About Phasebench</source>
        <translation>Acerca de Phasebench</translation>
    </message>
    <message>
        <source>Phasebench %1</source>
        <translation>Phasebench %1</translation>
    </message>
    <message>
        <source>A workbench for LLM API latency: which phase owns this p95?

Built with Qt %1.</source>
        <translation>Un banco de trabajo para la latencia de API de LLM: ¿qué fase es responsable de este p95?

Compilado con Qt %1.</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>Ejecución %1: %2</translation>
    </message>
    <message>
        <source>Open a workbench file (File › Open, Ctrl+O) or create one (File › New Workbench, Ctrl+N).

Drop result files here to import them.</source>
        <translation>Abra un archivo de banco de trabajo (Archivo › Abrir, Ctrl+O) o cree uno (Archivo › Nuevo banco de trabajo, Ctrl+N).

Suelte aquí archivos de resultados para importarlos.</translation>
    </message>
    <message>
        <source>This workbench has no runs yet.

Import a result file (File › Import…, Ctrl+I) or drop one here.</source>
        <translation>Este banco de trabajo aún no tiene ejecuciones.

Importe un archivo de resultados (Archivo › Importar…, Ctrl+I) o suéltelo aquí.</translation>
    </message>
    <message>
        <source>Select a run in the list.</source>
        <translation>Seleccione una ejecución de la lista.</translation>
    </message>
    <message>
        <source>%1 — Phasebench</source>
        <translation>%1 — Phasebench</translation>
    </message>
    <message>
        <source>Phasebench</source>
        <translation>Phasebench</translation>
    </message>
    <message>
        <source>No workbench open</source>
        <translation>Ningún banco de trabajo abierto</translation>
    </message>
    <message>
        <source>Runs: %L1</source>
        <translation>Ejecuciones: %L1</translation>
    </message>
    <message>
        <source>Run %1: %L2 requests</source>
        <translation>Ejecución %1: %L2 solicitudes</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>Importando %1…</translation>
    </message>
    <message>
        <source>Imported %1 into run %2 (requests: %L3).</source>
        <translation>Se importó %1 en la ejecución %2 (solicitudes: %L3).</translation>
    </message>
    <message>
        <source>Bad lines skipped: %L1.</source>
        <translation>Líneas erróneas omitidas: %L1.</translation>
    </message>
    <message>
        <source>Import Failed</source>
        <translation>Error de importación</translation>
    </message>
    <message>
        <source>Could not import %1.</source>
        <translation>No se pudo importar %1.</translation>
    </message>
    <message>
        <source>Nothing of this import was stored.</source>
        <translation>No se almacenó nada de esta importación.</translation>
    </message>
    <message>
        <source>Import of %1 cancelled; nothing of it was stored.</source>
        <translation>Importación de %1 cancelada; no se almacenó nada de ella.</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Resumen</translation>
    </message>
    <message>
        <source>Phase Percentiles</source>
        <translation>Percentiles por fase</translation>
    </message>
    <message>
        <source>Waterfall</source>
        <translation>Cascada</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>E&amp;jecutar</translation>
    </message>
    <message>
        <source>Run &amp;Demo…</source>
        <translation>Ejecutar &amp;demostración…</translation>
    </message>
    <message>
        <source>Run the built-in demo gateway with a load run, live</source>
        <translation>Ejecuta la pasarela de demostración integrada con una ejecución de carga, en vivo</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>De&amp;tener</translation>
    </message>
    <message>
        <source>Starting the demo gateway…</source>
        <translation>Iniciando la pasarela de demostración…</translation>
    </message>
    <message>
        <source>Stopping: requests in flight finish…</source>
        <translation>Deteniendo: las solicitudes en curso terminan…</translation>
    </message>
    <message>
        <source>%1 / %2 s</source>
        <translation>%1 / %2 s</translation>
    </message>
    <message>
        <source>Import CSV with Column &amp;Mapping…</source>
        <translation>Importar CSV con asignación de &amp;columnas…</translation>
    </message>
    <message>
        <source>Import any CSV file by saying what each of its columns holds</source>
        <translation>Importa cualquier archivo CSV indicando qué contiene cada una de sus columnas</translation>
    </message>
    <message>
        <source>Import CSV with Column Mapping</source>
        <translation>Importar CSV con asignación de columnas</translation>
    </message>
    <message>
        <source>Delimited text (*.csv *.tsv *.txt);;All files (*)</source>
        <translation>Texto delimitado (*.csv *.tsv *.txt);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation>Diagnóstico</translation>
    </message>
    <message>
        <source>Trace %1 is not in the shown run.</source>
        <translation>La traza %1 no está en la ejecución mostrada.</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <source>&amp;Launch Run…</source>
        <translation>&amp;Lanzar ejecución…</translation>
    </message>
    <message>
        <source>Edit or open a scenario and run it against the demo gateway or an endpoint</source>
        <translation>Edita o abre un escenario y ejecútalo contra la pasarela de demostración o un endpoint</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Línea de tiempo</translation>
    </message>
    <message>
        <source>Explorer</source>
        <translation>Explorador</translation>
    </message>
    <message>
        <source>Distributions</source>
        <translation>Distribuciones</translation>
    </message>
    <message>
        <source>Run Launcher</source>
        <translation>Lanzador de ejecuciones</translation>
    </message>
    <message>
        <source>Workbench Is Read-Only</source>
        <translation>El banco de trabajo es de solo lectura</translation>
    </message>
    <message>
        <source>%1 is read-only; nothing can be imported into it.</source>
        <translation>%1 es de solo lectura; no se puede importar nada en él.</translation>
    </message>
    <message>
        <source>Open or create a writable workbench file (File › New, Ctrl+N) and import there.</source>
        <translation>Abra o cree un archivo de banco de trabajo con permiso de escritura (Archivo › Nuevo, Ctrl+N) e importe allí.</translation>
    </message>
    <message>
        <source>%1 is read-only; a run cannot be stored in it.</source>
        <translation>%1 es de solo lectura; no se puede almacenar una ejecución en él.</translation>
    </message>
    <message>
        <source>Open or create a writable workbench file (File › New, Ctrl+N) and launch there.</source>
        <translation>Abra o cree un archivo de banco de trabajo con permiso de escritura (Archivo › Nuevo, Ctrl+N) y lance allí.</translation>
    </message>
    <message>
        <source>Stop the run; requests in flight finish</source>
        <translation>Detener la ejecución; las solicitudes en curso terminan</translation>
    </message>
    <message>
        <source>%1 is read-only (file or folder permissions, or read-only media). Its runs can be viewed; importing and new runs are off. Copy it somewhere writable to add runs.</source>
        <translation>%1 es de solo lectura (permisos del archivo o de la carpeta, o un soporte de solo lectura). Sus ejecuciones se pueden ver; la importación y las ejecuciones nuevas están desactivadas. Cópielo a un lugar con permiso de escritura para añadir ejecuciones.</translation>
    </message>
    <message>
        <source>Wait for the import or the run to finish, or stop it, before opening another workbench.</source>
        <translation>Espere a que termine la importación o la ejecución, o deténgala, antes de abrir otro banco de trabajo.</translation>
    </message>
    <message>
        <source>Wait for the running work to finish before starting a run.</source>
        <translation>Espere a que termine el trabajo en curso antes de iniciar una ejecución.</translation>
    </message>
    <message>
        <source>Starting the run…</source>
        <translation>Iniciando la ejecución…</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Ejecución %1</translation>
    </message>
    <message>
        <source>Run %1: completed %L2, failed %L3, dropped %L4</source>
        <translation>Ejecución %1: completadas %L2, fallidas %L3, descartadas %L4</translation>
    </message>
    <message>
        <source>Run %1 finished.</source>
        <translation>La ejecución %1 ha finalizado.</translation>
    </message>
    <message>
        <source>Run Failed</source>
        <translation>Error en la ejecución</translation>
    </message>
    <message>
        <source>The run could not complete.</source>
        <translation>La ejecución no pudo completarse.</translation>
    </message>
    <message>
        <source>Fetch Failed</source>
        <translation>Error al obtener</translation>
    </message>
    <message>
        <source>Could not fetch traces from Jaeger.</source>
        <translation>No se pudieron obtener las trazas de Jaeger.</translation>
    </message>
    <message>
        <source>&amp;Fetch Traces from Jaeger…</source>
        <translation>&amp;Obtener trazas de Jaeger…</translation>
    </message>
    <message>
        <source>Select the run whose traces to fetch.</source>
        <translation>Seleccione la ejecución cuyas trazas desea obtener.</translation>
    </message>
    <message>
        <source>Fetch the selected run&apos;s server traces from Jaeger by trace ID and join them</source>
        <translation>Obtiene desde Jaeger las trazas del servidor de la ejecución seleccionada por trace ID y las une</translation>
    </message>
    <message>
        <source>OTLP/gRPC: %1</source>
        <translation>OTLP/gRPC: %1</translation>
    </message>
    <message>
        <source>OTLP/HTTP: %1</source>
        <translation>OTLP/HTTP: %1</translation>
    </message>
    <message>
        <source>gateway: %1</source>
        <translation>pasarela: %1</translation>
    </message>
    <message>
        <source>Exporter settings for vLLM and OpenTelemetry SDKs:
%1
or: vllm serve … %2</source>
        <translation>Configuración del exportador para vLLM y los SDK de OpenTelemetry:
%1
o: vllm serve … %2</translation>
    </message>
    <message>
        <source>Stop loading the run</source>
        <translation>Detiene la carga de la ejecución</translation>
    </message>
    <message>
        <source>Loading run %1…</source>
        <translation>Cargando la ejecución %1…</translation>
    </message>
    <message>
        <source>Joining the spans of run %1…</source>
        <translation>Uniendo los spans de la ejecución %1…</translation>
    </message>
    <message>
        <source>Cannot load run %1: %2</source>
        <translation>No se puede cargar la ejecución %1: %2</translation>
    </message>
    <message>
        <source>Loading the run was cancelled; select it again to load it.</source>
        <translation>Se canceló la carga de la ejecución; selecciónela de nuevo para cargarla.</translation>
    </message>
    <message>
        <source>Could not upgrade %1 to this version&apos;s format.</source>
        <translation>No se pudo actualizar %1 al formato de esta versión.</translation>
    </message>
    <message>
        <source>The upgrade of %1 was cancelled; the file is unchanged. Open it again to upgrade it.</source>
        <translation>Se canceló la actualización de %1; el archivo no ha cambiado. Ábralo de nuevo para actualizarlo.</translation>
    </message>
    <message>
        <source>Wait for the upgrade of %1 to finish, or cancel it, before opening another workbench.</source>
        <translation>Espere a que termine la actualización de %1, o cancélela, antes de abrir otro banco de trabajo.</translation>
    </message>
</context>
<context>
    <name>pb::ui::OverviewGoodputModel</name>
    <message>
        <source>%1 %2 %L3 %4</source>
        <translation>%1 %2 %L3 %4</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>no disponible</translation>
    </message>
    <message>
        <source>%L1 %</source>
        <translation>%L1 %</translation>
    </message>
    <message>
        <source>%L1 of %L2</source>
        <translation>%L1 de %L2</translation>
    </message>
    <message>
        <source>%L1 req/s</source>
        <translation>%L1 req/s</translation>
    </message>
    <message>
        <source>%L1 not completed, %L2 over a budget, %L3 without a value</source>
        <translation>%L1 sin completar, %L2 por encima de un presupuesto, %L3 sin valor</translation>
    </message>
    <message>
        <source>A request is good when it completed and each per-request value that a budget covers is within the budget&apos;s threshold; a request without such a value is not good.</source>
        <translation>Una solicitud es buena cuando se completó y cada valor por solicitud que cubre un presupuesto está dentro del umbral de ese presupuesto; una solicitud sin ese valor no es buena.</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Etapa</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>Goodput</translation>
    </message>
    <message>
        <source>Good requests</source>
        <translation>Solicitudes buenas</translation>
    </message>
    <message>
        <source>Goodput rate</source>
        <translation>Tasa de goodput</translation>
    </message>
    <message>
        <source>Not good</source>
        <translation>No buenas</translation>
    </message>
    <message>
        <source>Per-request thresholds</source>
        <translation>Umbrales por solicitud</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
</context>
<context>
    <name>pb::ui::OverviewModel</name>
    <message>
        <source>%L1 ms</source>
        <translation>%L1 ms</translation>
    </message>
    <message>
        <source>[%1, %2] ms</source>
        <translation>[%1, %2] ms</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>no disponible</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Fase</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>p95 interval</source>
        <translation>intervalo p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>p99 interval</source>
        <translation>intervalo p99</translation>
    </message>
    <message>
        <source>Definition</source>
        <translation>Definición</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Etapa</translation>
    </message>
    <message>
        <source>%1*</source>
        <translation>%1*</translation>
    </message>
    <message>
        <source>* the largest value: too few requests for this percentile to differ from the slowest one.</source>
        <translation>* el valor más grande: hay demasiado pocas solicitudes para que este percentil difiera de la más lenta.</translation>
    </message>
    <message>
        <source>Model/scenario</source>
        <translation>Modelo/escenario</translation>
    </message>
    <message>
        <source>The request at this percentile: %1 (rank %2 of %3). Double-click or press Enter to open it in the Waterfall.</source>
        <translation>La solicitud de este percentil: %1 (rango %2 de %3). Haga doble clic o pulse Intro para abrirla en la cascada.</translation>
    </message>
    <message>
        <source>seq %1</source>
        <translation>seq %1</translation>
    </message>
</context>
<context>
    <name>pb::ui::OverviewPage</name>
    <message>
        <source>%L1 %</source>
        <translation>%L1 %</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Estado:</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>Tipo:</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>Origen:</translation>
    </message>
    <message>
        <source>Scenario:</source>
        <translation>Escenario:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modelo:</translation>
    </message>
    <message>
        <source>Endpoint host:</source>
        <translation>Host del endpoint:</translation>
    </message>
    <message>
        <source>Streaming:</source>
        <translation>Streaming:</translation>
    </message>
    <message>
        <source>Arrival rate:</source>
        <translation>Tasa de llegada:</translation>
    </message>
    <message>
        <source>Dropped iterations:</source>
        <translation>Iteraciones descartadas:</translation>
    </message>
    <message>
        <source>Generator lag p99:</source>
        <translation>Retraso del generador p99:</translation>
    </message>
    <message>
        <source>Outcomes:</source>
        <translation>Resultados:</translation>
    </message>
    <message>
        <source>Join coverage:</source>
        <translation>Cobertura de la unión:</translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation>Ámbito:</translation>
    </message>
    <message>
        <source>Window:</source>
        <translation>Ventana:</translation>
    </message>
    <message>
        <source>Statistic:</source>
        <translation>Estadístico:</translation>
    </message>
    <message>
        <source>Cannot compute the overview: %1</source>
        <translation>No se puede calcular el resumen: %1</translation>
    </message>
    <message>
        <source>No run selected</source>
        <translation>No hay ninguna ejecución seleccionada</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Calculando…</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>Ejecución %1: %2</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>%L1 req/s</source>
        <translation>%L1 req/s</translation>
    </message>
    <message>
        <source>requested %1, achieved %2</source>
        <translation>solicitada %1, lograda %2</translation>
    </message>
    <message>
        <source>(from the live samples so far)</source>
        <translation>(a partir de las muestras en vivo hasta ahora)</translation>
    </message>
    <message>
        <source>started %L1; errors %2, timeouts %3, cancelled %4, partial %5</source>
        <translation>iniciadas %L1; errores %2, tiempos de espera agotados %3, canceladas %4, parciales %5</translation>
    </message>
    <message>
        <source>no server spans in this run</source>
        <translation>no hay spans del servidor en esta ejecución</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: </source>
        <translation>%1: </translation>
    </message>
    <message>
        <source>per stage, never pooled: %1</source>
        <translation>por etapa, nunca agrupadas: %1</translation>
    </message>
    <message>
        <source>— generator-bound: %1; the figures are not those of an open-model test at the requested rate</source>
        <translation>— limitado por el generador: %1; las cifras no son las de una prueba de modelo abierto a la tasa solicitada</translation>
    </message>
    <message>
        <source>* the largest value: too few requests for this percentile to differ from the slowest one.</source>
        <translation>* el valor más grande: hay demasiado pocas solicitudes para que este percentil difiera de la más lenta.</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>per stage, model and scenario, never pooled: %1</source>
        <translation>por etapa, modelo y escenario, nunca agrupadas: %1</translation>
    </message>
    <message>
        <source>Generator CPU:</source>
        <translation>CPU del generador:</translation>
    </message>
    <message>
        <source>The load generator&apos;s own CPU per request sent: its engine thread (schedule, HTTP, parsing) and the thread that stores the records</source>
        <translation>La CPU propia del generador de carga por solicitud enviada: su hilo del motor (calendario, HTTP, análisis) y el hilo que guarda los registros</translation>
    </message>
    <message>
        <source>%1 µs per request (engine %2 µs, writer %3 µs); %4 s over %5 requests</source>
        <translation>%1 µs por solicitud (motor %2 µs, escritor %3 µs); %4 s en %5 solicitudes</translation>
    </message>
    <message>
        <source>%1 µs per request (engine thread); %2 s over %3 requests</source>
        <translation>%1 µs por solicitud (hilo del motor); %2 s en %3 solicitudes</translation>
    </message>
    <message>
        <source>not recorded (not a load run of Phasebench)</source>
        <translation>no registrado (no es una ejecución de carga de Phasebench)</translation>
    </message>
    <message>
        <source> — server phases from spans on %L1 attempts, from the responses&apos; own timings on %L2 (%3: %L4 from response metrics, %L5 from headers)</source>
        <translation> — fases del servidor de los spans en %L1 intentos, de los propios tiempos de las respuestas en %L2 (%3: %L4 de métricas de la respuesta, %L5 de cabeceras)</translation>
    </message>
    <message>
        <source>both sources on %L1 attempts: %2 spans − response median %L3 ms, p95 |difference| %L4 ms</source>
        <translation>ambas fuentes en %L1 intentos: %2 spans − respuesta mediana %L3 ms, p95 |diferencia| %L4 ms</translation>
    </message>
    <message>
        <source>cached-token share %1 (%L2 of %L3 requests hit)</source>
        <translation>proporción de tokens en caché %1 (%L2 de %L3 solicitudes con acierto)</translation>
    </message>
    <message>
        <source>; TTFT (first text) hit p50 %1, p95 %2 (N %L3); miss p50 %4, p95 %5 (N %L6)</source>
        <translation>; TTFT (primer texto) acierto p50 %1, p95 %2 (N %L3); fallo p50 %4, p95 %5 (N %L6)</translation>
    </message>
    <message>
        <source>target&apos;s hit rate %1 (%2)</source>
        <translation>tasa de aciertos del destino %1 (%2)</translation>
    </message>
    <message>
        <source>Prefix cache:</source>
        <translation>Caché de prefijos:</translation>
    </message>
    <message>
        <source>%L1 sessions stopped by the run&apos;s end before their last turn</source>
        <translation>%L1 sesiones detenidas por el fin de la ejecución antes de su último turno</translation>
    </message>
</context>
<context>
    <name>pb::ui::PhasePercentilesPage</name>
    <message>
        <source>Client phases (setup, send, wait, receive)</source>
        <translation>Fases del cliente (establecimiento, envío, espera, recepción)</translation>
    </message>
    <message>
        <source>Streaming (first text, generation)</source>
        <translation>Streaming (primer texto, generación)</translation>
    </message>
    <message>
        <source>Server phases (gateway, GPU queue, generation, …)</source>
        <translation>Fases del servidor (pasarela, cola de GPU, generación, …)</translation>
    </message>
    <message>
        <source>Bars: the mean composition of the requests ranked in a band around each percentile of the total; their segments add up to the band&apos;s mean total (&quot;other&quot; holds time no phase accounts for). Table: each phase&apos;s own percentile over the same requests; these come from different requests and do not add up.</source>
        <translation>Barras: la composición media de las solicitudes clasificadas en una banda en torno a cada percentil del total; sus segmentos suman el total medio de la banda (&quot;other&quot; contiene el tiempo que ninguna fase explica). Tabla: el percentil propio de cada fase sobre las mismas solicitudes; estos provienen de solicitudes distintas y no se suman.</translation>
    </message>
    <message>
        <source>Phases:</source>
        <translation>Fases:</translation>
    </message>
    <message>
        <source>Cannot compute the composition: %1</source>
        <translation>No se puede calcular la composición: %1</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Calculando…</translation>
    </message>
    <message>
        <source>attempts</source>
        <translation>intentos</translation>
    </message>
    <message>
        <source>logical requests (retries merged)</source>
        <translation>solicitudes lógicas (reintentos combinados)</translation>
    </message>
    <message>
        <source>Events:</source>
        <translation>Eventos:</translation>
    </message>
    <message>
        <source>Percentiles:</source>
        <translation>Percentiles:</translation>
    </message>
    <message>
        <source>Scope: %1. Window: %2.</source>
        <translation>Ámbito: %1. Ventana: %2.</translation>
    </message>
    <message>
        <source>Window:</source>
        <translation>Ventana:</translation>
    </message>
    <message>
        <source>run&apos;s window</source>
        <translation>ventana de la ejecución</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>ejecución completa</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>etapa %1</translation>
    </message>
    <message>
        <source>Negative on average, drawn as zero in the chart: %1 (their values are in the table).</source>
        <translation>Negativo en promedio, dibujado como cero en el gráfico: %1 (sus valores están en la tabla).</translation>
    </message>
    <message>
        <source>Group:</source>
        <translation>Grupo:</translation>
    </message>
    <message>
        <source>Models and scenarios are shown one group at a time; all groups together only when chosen, labelled pooled</source>
        <translation>Los modelos y escenarios se muestran grupo a grupo; todos los grupos juntos solo si se elige, marcados como agrupados</translation>
    </message>
    <message>
        <source>all groups (pooled)</source>
        <translation>todos los grupos (agrupados)</translation>
    </message>
    <message>
        <source>Double-click a bar to open the request at its percentile in the Waterfall.</source>
        <translation>Haga doble clic en una barra para abrir la solicitud de su percentil en la cascada.</translation>
    </message>
</context>
<context>
    <name>pb::ui::RecentFiles</name>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>Clear Menu</source>
        <translation>Borrar menú</translation>
    </message>
</context>
<context>
    <name>pb::ui::ReconciliationModel</name>
    <message>
        <source>client total</source>
        <translation>total del cliente</translation>
    </message>
    <message>
        <source>server root</source>
        <translation>raíz del servidor</translation>
    </message>
    <message>
        <source>network envelope (total - root)</source>
        <translation>envolvente de red (total - raíz)</translation>
    </message>
    <message>
        <source>gateway</source>
        <translation>pasarela</translation>
    </message>
    <message>
        <source>GPU queue</source>
        <translation>cola de GPU</translation>
    </message>
    <message>
        <source>generation</source>
        <translation>generación</translation>
    </message>
    <message>
        <source>  prefill</source>
        <translation>  prefill</translation>
    </message>
    <message>
        <source>  decode</source>
        <translation>  decodificación</translation>
    </message>
    <message>
        <source>response write</source>
        <translation>escritura de la respuesta</translation>
    </message>
    <message>
        <source>unattributed (root - phases)</source>
        <translation>no atribuido (raíz - fases)</translation>
    </message>
    <message>
        <source>server TTFT</source>
        <translation>TTFT del servidor</translation>
    </message>
    <message>
        <source>stream envelope (first_text - server TTFT)</source>
        <translation>envolvente del stream (first_text - TTFT del servidor)</translation>
    </message>
    <message>
        <source>join</source>
        <translation>unión</translation>
    </message>
    <message>
        <source>%L1 ms</source>
        <translation>%L1 ms</translation>
    </message>
    <message>
        <source>(negative: wrong boundaries or a wrong join)</source>
        <translation>(negativo: límites incorrectos o una unión incorrecta)</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Cifra</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>external provider</source>
        <translation>proveedor externo</translation>
    </message>
</context>
<context>
    <name>pb::ui::RequestsPage</name>
    <message>
        <source>Sorting…</source>
        <translation>Ordenando…</translation>
    </message>
    <message>
        <source>Cannot read this run: %1</source>
        <translation>No se puede leer esta ejecución: %1</translation>
    </message>
    <message>
        <source>Requests: %L1</source>
        <translation>Solicitudes: %L1</translation>
    </message>
    <message>
        <source>(over the memory budget: id columns not loaded)</source>
        <translation>(por encima del presupuesto de memoria: columnas de id no cargadas)</translation>
    </message>
    <message>
        <source>Showing only the requests of this range of the Timeline; click to clear it</source>
        <translation>Solo se muestran las peticiones de este intervalo de la línea de tiempo; haga clic para quitarlo</translation>
    </message>
    <message>
        <source>Time %1  ✕</source>
        <translation>Tiempo %1  ✕</translation>
    </message>
    <message>
        <source>Filtering…</source>
        <translation>Filtrando…</translation>
    </message>
    <message>
        <source>Requests: %L1 of %L2 in the time range</source>
        <translation>Peticiones: %L1 de %L2 en el intervalo de tiempo</translation>
    </message>
    <message>
        <source>The request with trace ID %1 is outside the selected time range.</source>
        <translation>La petición con el ID de traza %1 está fuera del intervalo de tiempo seleccionado.</translation>
    </message>
</context>
<context>
    <name>pb::ui::RunController</name>
    <message>
        <source>The run was cancelled.</source>
        <translation>La ejecución se canceló.</translation>
    </message>
    <message>
        <source>A run is already running.</source>
        <translation>Ya hay una ejecución en curso.</translation>
    </message>
</context>
<context>
    <name>pb::ui::RunListModel</name>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Solicitudes</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Origen</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>Creada (UTC)</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>Ejecución %1: %2</translation>
    </message>
    <message>
        <source>%1, %2, %L3 requests</source>
        <translation>%1, %2, %L3 solicitudes</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>Origen: %1</translation>
    </message>
    <message>
        <source>Created: %1</source>
        <translation>Creada: %1</translation>
    </message>
</context>
<context>
    <name>pb::ui::RunPage</name>
    <message>
        <source>Loading the run…</source>
        <translation>Cargando la ejecución…</translation>
    </message>
</context>
<context>
    <name>pb::ui::RunsPage</name>
    <message>
        <source>Runs</source>
        <translation>Ejecuciones</translation>
    </message>
</context>
<context>
    <name>pb::ui::ScenarioDocument</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>A scenario is a JSON object ({ … }).</source>
        <translation>Un escenario es un objeto JSON ({ … }).</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>No se puede leer %1: %2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>No se puede escribir %1: %2</translation>
    </message>
</context>
<context>
    <name>pb::ui::StagesModel</name>
    <message>
        <source>Stage</source>
        <translation>Etapa</translation>
    </message>
    <message>
        <source>Target (req/s)</source>
        <translation>Objetivo (req/s)</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Duración</translation>
    </message>
    <message>
        <source>Ramp</source>
        <translation>Rampa</translation>
    </message>
</context>
<context>
    <name>pb::ui::TableCopy</name>
    <message>
        <source>Copy as CSV</source>
        <translation>Copiar como CSV</translation>
    </message>
</context>
<context>
    <name>pb::ui::TimeRangeSelection</name>
    <message>
        <source>%L1 s – %L2 s</source>
        <translation>%L1 s – %L2 s</translation>
    </message>
</context>
<context>
    <name>pb::ui::TimelinePage</name>
    <message>
        <source>automatic</source>
        <translation>automático</translation>
    </message>
    <message>
        <source>1 s</source>
        <translation>1 s</translation>
    </message>
    <message>
        <source>5 s</source>
        <translation>5 s</translation>
    </message>
    <message>
        <source>10 s</source>
        <translation>10 s</translation>
    </message>
    <message>
        <source>60 s</source>
        <translation>60 s</translation>
    </message>
    <message>
        <source>Interval:</source>
        <translation>Intervalo:</translation>
    </message>
    <message>
        <source>Percentiles:</source>
        <translation>Percentiles:</translation>
    </message>
    <message>
        <source>Cannot compute the timeline: %1</source>
        <translation>No se puede calcular la línea de tiempo: %1</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Calculando…</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 s (automatic)</source>
        <translation>%1 s (automático)</translation>
    </message>
    <message>
        <source>Latency and errors: scope %1; window %2; interval %3; %4.</source>
        <translation>Latencia y errores: ámbito %1; ventana %2; intervalo %3; %4.</translation>
    </message>
    <message>
        <source>Knee: one point per stage; throughput counts the completions of the run&apos;s load samples over the stage&apos;s span moved later by its median total.</source>
        <translation>Codo: un punto por etapa; el rendimiento cuenta las finalizaciones de las muestras de carga de la ejecución durante el intervalo de la etapa, desplazado hacia después en su total mediano.</translation>
    </message>
    <message>
        <source>Knee: one point per stage; throughput counts completed requests (start + total) over the stage&apos;s span moved later by its median total.</source>
        <translation>Codo: un punto por etapa; el rendimiento cuenta las solicitudes completadas (inicio + total) durante el intervalo de la etapa, desplazado hacia después en su total mediano.</translation>
    </message>
    <message>
        <source>Show in Explorer</source>
        <translation>Mostrar en Explorador</translation>
    </message>
    <message>
        <source>Show in Requests</source>
        <translation>Mostrar en Peticiones</translation>
    </message>
    <message>
        <source>Set Range…</source>
        <translation>Fijar intervalo…</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>List the requests of the selected range in the Explorer</source>
        <translation>Listar en el Explorador las peticiones del intervalo seleccionado</translation>
    </message>
    <message>
        <source>Show only the requests of the selected range on the Requests page</source>
        <translation>Mostrar en la página Peticiones solo las peticiones del intervalo seleccionado</translation>
    </message>
    <message>
        <source>Type the range&apos;s bounds</source>
        <translation>Escribir los límites del intervalo</translation>
    </message>
    <message>
        <source>Clear the time range on every page (Esc)</source>
        <translation>Quitar el intervalo de tiempo en todas las páginas (Esc)</translation>
    </message>
    <message numerus="yes">
        <source>Selected %1: %Ln request(s)</source>
        <translation>
            <numerusform>Seleccionado %1: %Ln petición</numerusform>
            <numerusform>Seleccionado %1: %Ln peticiones</numerusform>
        </translation>
    </message>
    <message>
        <source>Shift+drag on a plot selects a time range.</source>
        <translation>Mayús+arrastrar sobre un gráfico selecciona un intervalo de tiempo.</translation>
    </message>
    <message>
        <source>Selected %1: counting…</source>
        <translation>Seleccionado %1: contando…</translation>
    </message>
    <message>
        <source>Select Time Range</source>
        <translation>Seleccionar intervalo de tiempo</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>From:</source>
        <translation>Desde:</translation>
    </message>
    <message>
        <source>To (excluded):</source>
        <translation>Hasta (excluido):</translation>
    </message>
</context>
<context>
    <name>pb::ui::TimelinePlots</name>
    <message>
        <source>time from run start (s)</source>
        <translation>tiempo desde el inicio de la ejecución (s)</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>descartadas</translation>
    </message>
    <message>
        <source>latency (ms)</source>
        <translation>latencia (ms)</translation>
    </message>
    <message>
        <source>%1 s intervals</source>
        <translation>intervalos de %1 s</translation>
    </message>
    <message>
        <source>achieved (started)</source>
        <translation>lograda (iniciadas)</translation>
    </message>
    <message>
        <source>started (from requests)</source>
        <translation>iniciadas (según las solicitudes)</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>completadas</translation>
    </message>
    <message>
        <source>target</source>
        <translation>objetivo</translation>
    </message>
    <message>
        <source>Arrival rate, from the run&apos;s load samples (closed model: no target rate); %1</source>
        <translation>Tasa de llegada, según las muestras de carga de la ejecución (modelo cerrado: sin tasa objetivo); %1</translation>
    </message>
    <message>
        <source>Target vs achieved arrival rate, from the run&apos;s load samples; %1</source>
        <translation>Tasa de llegada objetivo frente a lograda, según las muestras de carga de la ejecución; %1</translation>
    </message>
    <message>
        <source>Imported run without load samples: started requests per second,
derived from the request table; no target rate; %1</source>
        <translation>Ejecución importada sin muestras de carga: solicitudes iniciadas por segundo,
derivadas de la tabla de solicitudes; sin tasa objetivo; %1</translation>
    </message>
    <message>
        <source>in flight (mean)</source>
        <translation>en curso (media)</translation>
    </message>
    <message>
        <source>dropped iterations</source>
        <translation>iteraciones descartadas</translation>
    </message>
    <message>
        <source>Requests in flight and dropped iterations, from the load samples</source>
        <translation>Solicitudes en curso e iteraciones descartadas, según las muestras de carga</translation>
    </message>
    <message>
        <source>No in-flight count (the import has no load samples); dropped iterations from the request table</source>
        <translation>Sin recuento en curso (la importación no tiene muestras de carga); iteraciones descartadas según la tabla de solicitudes</translation>
    </message>
    <message>
        <source>%1 of TTFT (first visible text), GPU queue and total per interval</source>
        <translation>%1 de TTFT (primer texto visible), cola de GPU y total por intervalo</translation>
    </message>
    <message>
        <source>%1 of TTFT (first visible text) and total per interval; no GPU queue without joined server spans</source>
        <translation>%1 de TTFT (primer texto visible) y total por intervalo; sin cola de GPU sin spans del servidor unidos</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>errores</translation>
    </message>
    <message>
        <source>Provider and client errors as a share of started requests</source>
        <translation>Errores del proveedor y del cliente como proporción de las solicitudes iniciadas</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>solicitudes/s</translation>
    </message>
    <message>
        <source>in flight</source>
        <translation>en curso</translation>
    </message>
    <message>
        <source>% of started</source>
        <translation>% de iniciadas</translation>
    </message>
    <message>
        <source>%1 (ms)</source>
        <translation>%1 (ms)</translation>
    </message>
    <message>
        <source>running</source>
        <translation>en ejecución</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>en espera</translation>
    </message>
    <message>
        <source>KV cache %</source>
        <translation>caché KV %</translation>
    </message>
    <message>
        <source>prompt tokens/s</source>
        <translation>tokens de prompt/s</translation>
    </message>
    <message>
        <source>generation tokens/s</source>
        <translation>tokens de generación/s</translation>
    </message>
    <message>
        <source>preemptions/s</source>
        <translation>desalojos/s</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>solicitudes</translation>
    </message>
    <message>
        <source>per second</source>
        <translation>por segundo</translation>
    </message>
    <message>
        <source>The target&apos;s /metrics, every %1 s</source>
        <translation>/metrics del destino, cada %1 s</translation>
    </message>
    <message>
        <source>; %1 of %2 scrapes failed</source>
        <translation>; fallaron %1 de %2 lecturas</translation>
    </message>
    <message>
        <source>The target&apos;s counters per second</source>
        <translation>Contadores del destino por segundo</translation>
    </message>
    <message>
        <source>Drag to pan, wheel to zoom; Shift+drag to select a time range</source>
        <translation>Arrastrar para desplazar, rueda para ampliar; Mayús+arrastrar para seleccionar un intervalo de tiempo</translation>
    </message>
    <message>
        <source>Drag to pan, wheel to zoom; Shift+drag to select a time range; double-click a point to open the request at its percentile</source>
        <translation>Arrastrar para desplazar, rueda para ampliar; Mayús+arrastrar para seleccionar un intervalo de tiempo; doble clic en un punto para abrir la solicitud de su percentil</translation>
    </message>
    <message>
        <source>prefix-cache queried tokens/s</source>
        <translation>tokens consultados en la caché de prefijos/s</translation>
    </message>
    <message>
        <source>prefix-cache hit tokens/s</source>
        <translation>tokens con acierto en la caché de prefijos/s</translation>
    </message>
    <message>
        <source>prefix-cache hit rate</source>
        <translation>tasa de aciertos de la caché de prefijos</translation>
    </message>
</context>
<context>
    <name>pb::ui::TraceFinder</name>
    <message>
        <source>No run is shown.</source>
        <translation>No se muestra ninguna ejecución.</translation>
    </message>
    <message>
        <source>Run %1 has no request with trace ID %2.</source>
        <translation>La ejecución %1 no tiene ninguna solicitud con trace ID %2.</translation>
    </message>
    <message>
        <source>The request with trace ID %1 is not in the table yet.</source>
        <translation>La solicitud con trace ID %1 aún no está en la tabla.</translation>
    </message>
    <message>
        <source>&amp;Find Trace…</source>
        <translation>&amp;Buscar traza…</translation>
    </message>
    <message>
        <source>Select a request of the shown run by its trace ID</source>
        <translation>Selecciona una solicitud de la ejecución mostrada por su trace ID</translation>
    </message>
    <message>
        <source>Find Trace</source>
        <translation>Buscar traza</translation>
    </message>
    <message>
        <source>Trace ID (32 hex digits):</source>
        <translation>Trace ID (32 dígitos hexadecimales):</translation>
    </message>
    <message>
        <source>Cannot look the trace up: %1</source>
        <translation>No se puede buscar la traza: %1</translation>
    </message>
    <message>
        <source>Finding trace %1…</source>
        <translation>Buscando la traza %1…</translation>
    </message>
</context>
<context>
    <name>pb::ui::UpgradeController</name>
    <message>
        <source>Stop the upgrade; the file stays as it was</source>
        <translation>Detener la actualización; el archivo queda como estaba</translation>
    </message>
    <message>
        <source>Upgrading %1 to this version&apos;s format…</source>
        <translation>Actualizando %1 al formato de esta versión…</translation>
    </message>
    <message>
        <source>Stopping the upgrade…</source>
        <translation>Deteniendo la actualización…</translation>
    </message>
</context>
<context>
    <name>pb::ui::VerdictWidget</name>
    <message>
        <source>Budgets…</source>
        <translation>Presupuestos…</translation>
    </message>
    <message>
        <source>Evaluate a budget file (JSON) on this run</source>
        <translation>Evalúa un archivo de presupuestos (JSON) sobre esta ejecución</translation>
    </message>
    <message>
        <source>Cannot evaluate the budgets: %1</source>
        <translation>No se pueden evaluar los presupuestos: %1</translation>
    </message>
    <message>
        <source>Evaluate budgets</source>
        <translation>Evaluar presupuestos</translation>
    </message>
    <message>
        <source>Budget files (*.json);;All files (*)</source>
        <translation>Archivos de presupuestos (*.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Evaluating the budgets…</source>
        <translation>Evaluando los presupuestos…</translation>
    </message>
    <message>
        <source>No budgets were stored with this run: load a budget file (Budgets…).</source>
        <translation>No se almacenaron presupuestos con esta ejecución: cargue un archivo de presupuestos (Presupuestos…).</translation>
    </message>
    <message>
        <source>SLO verdict: %1</source>
        <translation>Veredicto de SLO: %1</translation>
    </message>
    <message>
        <source>— %1 broke its budget first: %2 %3 against %4 (n = %L5)</source>
        <translation>— %1 incumplió primero su presupuesto: %2 %3 frente a %4 (n = %L5)</translation>
    </message>
    <message>
        <source>(likely owner: %1)</source>
        <translation>(responsable probable: %1)</translation>
    </message>
    <message>
        <source>Budgets: %1</source>
        <translation>Presupuestos: %1</translation>
    </message>
    <message>
        <source>No budget was stored before the run started; the first stored version (set %1) is used.</source>
        <translation>No se almacenó ningún presupuesto antes de iniciar la ejecución; se usa la primera versión almacenada (fijada el %1).</translation>
    </message>
    <message>
        <source>Thresholds changed after the run started:</source>
        <translation>Los umbrales cambiaron después de iniciar la ejecución:</translation>
    </message>
    <message>
        <source>%1: %2 → %3 (version %4, set %5)</source>
        <translation>%1: %2 → %3 (versión %4, fijada el %5)</translation>
    </message>
    <message>
        <source>Knee: stage %1</source>
        <translation>Codo: etapa %1</translation>
    </message>
    <message>
        <source>(%1 req/s arrived, %2 req/s completed, queue p95 %3 ms)</source>
        <translation>(%1 req/s llegadas, %2 req/s completadas, cola p95 %3 ms)</translation>
    </message>
    <message>
        <source>highest stage that met the budgets: %1</source>
        <translation>etapa más alta que cumplió los presupuestos: %1</translation>
    </message>
    <message numerus="yes">
        <source>Finding 1 of %n: %1 Likely owner: %2. First check: %3</source>
        <translation>
            <numerusform>Hallazgo 1 de %n: %1 Responsable probable: %2. Primera comprobación: %3</numerusform>
            <numerusform>Hallazgo 1 de %n: %1 Responsable probable: %2. Primera comprobación: %3</numerusform>
        </translation>
    </message>
    <message>
        <source>in stage %1</source>
        <translation>en la etapa %1</translation>
    </message>
    <message>
        <source>Of the %1 requests over %2%3, %4 (%5%, interval %6–%7%) are dominated by %8</source>
        <translation>De las %1 solicitudes por encima de %2%3, %4 (%5%, intervalo %6–%7%) están dominadas por %8</translation>
    </message>
    <message>
        <source>(owner: %1)</source>
        <translation>(responsable: %1)</translation>
    </message>
    <message>
        <source>; next %1 (%2)</source>
        <translation>; siguiente %1 (%2)</translation>
    </message>
    <message>
        <source>; %1 without measured phases</source>
        <translation>; %1 sin fases medidas</translation>
    </message>
</context>
<context>
    <name>pb::ui::WaterfallPage</name>
    <message>
        <source>Cannot show the trace: %1</source>
        <translation>No se puede mostrar la traza: %1</translation>
    </message>
    <message>
        <source>Select a request in the Requests page to see its waterfall.</source>
        <translation>Seleccione una solicitud en la página Solicitudes para ver su cascada.</translation>
    </message>
    <message>
        <source>Loading request %1…</source>
        <translation>Cargando la solicitud %1…</translation>
    </message>
    <message>
        <source>Request %1 of run %2 (no trace ID)</source>
        <translation>Solicitud %1 de la ejecución %2 (sin trace ID)</translation>
    </message>
    <message>
        <source>Request %1 of run %2, trace %3</source>
        <translation>Solicitud %1 de la ejecución %2, traza %3</translation>
    </message>
</context>
<context>
    <name>pb::ui::WaterfallPlot</name>
    <message>
        <source>ms from the attempt&apos;s start (client clock)</source>
        <translation>ms desde el inicio del intento (reloj del cliente)</translation>
    </message>
    <message>
        <source> %L1 ms</source>
        <translation> %L1 ms</translation>
    </message>
    <message>
        <source>chunks</source>
        <translation>fragmentos</translation>
    </message>
    <message>
        <source>Server spans on the client axis assume a symmetric network:
the root starts half the network envelope (%L1 ms) after the client start.</source>
        <translation>Los spans del servidor en el eje del cliente suponen una red simétrica:
la raíz empieza la mitad de la envolvente de red (%L1 ms) después del inicio del cliente.</translation>
    </message>
    <message>
        <source>No server spans joined to this request.</source>
        <translation>No hay spans del servidor unidos a esta solicitud.</translation>
    </message>
    <message>
        <source>%1 at %L2 ms</source>
        <translation>%1 en %L2 ms</translation>
    </message>
    <message>
        <source>%1: %L2 ms, from %L3 to %L4 ms</source>
        <translation>%1: %L2 ms, de %L3 a %L4 ms</translation>
    </message>
    <message>
        <source>phase: %1</source>
        <translation>fase: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message>
        <source>%L1 stream chunks</source>
        <translation>%L1 fragmentos del stream</translation>
    </message>
    <message>
        <source>Server phases from the response&apos;s own timings (no span), placed on the client axis assuming a symmetric network:
the server starts half the network envelope (%L1 ms) after the client start.</source>
        <translation>Fases del servidor a partir de los propios tiempos de la respuesta (sin span), situadas en el eje del cliente suponiendo una red simétrica:
el servidor empieza la mitad de la envolvente de red (%L1 ms) después del inicio del cliente.</translation>
    </message>
</context>
<context>
    <name>pb::ui::Workbench</name>
    <message>
        <source>%1 already exists; Phasebench does not replace workbench files. Open it, or choose another name.</source>
        <translation>%1 ya existe; Phasebench no reemplaza archivos de banco de trabajo. Ábralo o elija otro nombre.</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 no existe.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>No se puede crear la carpeta %1.</translation>
    </message>
</context>
<context>
    <name>pb::ui::report</name>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
    <message>
        <source>Open a workbench file and select a run first.</source>
        <translation>Abra primero un archivo de banco de trabajo y seleccione una ejecución.</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>Exportar informe</translation>
    </message>
    <message>
        <source>Preparing the report of run %1…</source>
        <translation>Preparando el informe de la ejecución %1…</translation>
    </message>
    <message>
        <source>Export Requests</source>
        <translation>Exportar solicitudes</translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON lines (*.jsonl)</source>
        <translation>CSV (*.csv);;JSON lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Exporting the requests of run %1…</source>
        <translation>Exportando las solicitudes de la ejecución %1…</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>E&amp;xportar informe…</translation>
    </message>
    <message>
        <source>Write the shown run&apos;s report as PDF, HTML or Markdown</source>
        <translation>Escribe el informe de la ejecución mostrada como PDF, HTML o Markdown</translation>
    </message>
    <message>
        <source>Export Re&amp;quests…</source>
        <translation>Exportar s&amp;olicitudes…</translation>
    </message>
    <message>
        <source>Write the shown run&apos;s requests, every column, as CSV or JSON lines</source>
        <translation>Escribe las solicitudes de la ejecución mostrada, con todas las columnas, como CSV o JSON lines</translation>
    </message>
    <message>
        <source>Phasebench report: run %1</source>
        <translation>Informe de Phasebench: ejecución %1</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;: %2</source>
        <translation>no se puede escribir &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;</source>
        <translation>no se puede escribir &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Run %1 · page %2 of %3</source>
        <translation>Ejecución %1 · página %2 de %3</translation>
    </message>
</context>
<context>
    <name>pb::ui::report::ReportDialog</name>
    <message>
        <source>Export Report</source>
        <translation>Exportar informe</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Ninguna</translation>
    </message>
    <message>
        <source>Run %1 &apos;%2&apos;</source>
        <translation>Ejecución %1 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>PDF document</source>
        <translation>Documento PDF</translation>
    </message>
    <message>
        <source>HTML (one self-contained file)</source>
        <translation>HTML (un único archivo autónomo)</translation>
    </message>
    <message>
        <source>Markdown (charts as PNG files beside it)</source>
        <translation>Markdown (gráficos como archivos PNG junto a él)</translation>
    </message>
    <message>
        <source>A4</source>
        <translation>A4</translation>
    </message>
    <message>
        <source>Letter</source>
        <translation>Carta</translation>
    </message>
    <message>
        <source>the budgets stored with the run</source>
        <translation>los presupuestos almacenados con la ejecución</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>Ejecución:</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;</source>
        <translation>%1 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>Baseline:</source>
        <translation>Línea base:</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <source>Budgets:</source>
        <translation>Presupuestos:</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>Formato:</translation>
    </message>
    <message>
        <source>Page size:</source>
        <translation>Tamaño de página:</translation>
    </message>
    <message>
        <source>Save as:</source>
        <translation>Guardar como:</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
    <message>
        <source>Budget File</source>
        <translation>Archivo de presupuestos</translation>
    </message>
    <message>
        <source>Budgets (*.json)</source>
        <translation>Presupuestos (*.json)</translation>
    </message>
</context>
<context>
    <name>std</name>
    <message>
        <source>not available</source>
        <translation>no disponible</translation>
    </message>
</context>
</TS>
