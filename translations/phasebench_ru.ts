<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>main</name>
    <message>
        <source>A desktop workbench for LLM API latency.</source>
        <translation>Настольное рабочее место для анализа задержек API LLM.</translation>
    </message>
    <message>
        <source>Workbench file to open.</source>
        <translation>Файл рабочего места для открытия.</translation>
    </message>
    <message>
        <source>Start the built-in demo gateway and receiver and show a demo run filling live (workbench: demo.phasebench in the application data folder).</source>
        <translation>Запустить встроенные демо-шлюз и приёмник и показать заполнение демо-прогона в реальном времени (рабочее место: demo.phasebench в папке данных приложения).</translation>
    </message>
    <message>
        <source>With --demo: switch on a fault of the demo gateway (%1).</source>
        <translation>С --demo: включить неисправность демо-шлюза (%1).</translation>
    </message>
    <message>
        <source>Unknown fault: %1
</source>
        <translation>Неизвестная неисправность: %1
</translation>
    </message>
    <message>
        <source>Cannot create the application data folder.
</source>
        <translation>Не удаётся создать папку данных приложения.
</translation>
    </message>
    <message>
        <source>Give one FILE, or --demo (with any --fault NAME).
</source>
        <translation>Укажите один ФАЙЛ или --demo (с любыми --fault ИМЯ).
</translation>
    </message>
    <message>
        <source>Open the Run Launcher: edit or open a scenario and run it.</source>
        <translation>Открыть запуск прогонов: изменить или открыть сценарий и запустить его.</translation>
    </message>
</context>
<context>
    <name>pb::Importer</name>
    <message>
        <source>AIPerf per-request export (JSONL)</source>
        <translation>Экспорт AIPerf по запросам (JSONL)</translation>
    </message>
    <message>
        <source>AIPerf aggregate export (JSON or CSV)</source>
        <translation>Агрегированный экспорт AIPerf (JSON или CSV)</translation>
    </message>
    <message>
        <source>GenAI-Perf profile export (JSON)</source>
        <translation>Экспорт профиля GenAI-Perf (JSON)</translation>
    </message>
    <message>
        <source>CSV with a column mapping</source>
        <translation>CSV с сопоставлением столбцов</translation>
    </message>
    <message>
        <source>HTTP Archive (HAR 1.2)</source>
        <translation>HTTP Archive (HAR 1.2)</translation>
    </message>
    <message>
        <source>Jaeger JSON traces</source>
        <translation>Трассы Jaeger в JSON</translation>
    </message>
    <message>
        <source>k6 JSON output (NDJSON)</source>
        <translation>Вывод k6 в JSON (NDJSON)</translation>
    </message>
    <message>
        <source>k6 end-of-test summary (JSON)</source>
        <translation>Итоговая сводка теста k6 (JSON)</translation>
    </message>
    <message>
        <source>LLMPerf individual responses (JSON)</source>
        <translation>Отдельные ответы LLMPerf (JSON)</translation>
    </message>
    <message>
        <source>LLMPerf summary (JSON)</source>
        <translation>Сводка LLMPerf (JSON)</translation>
    </message>
    <message>
        <source>Phasebench CSV</source>
        <translation>CSV Phasebench</translation>
    </message>
    <message>
        <source>OpenTelemetry traces (OTLP JSON)</source>
        <translation>Трассы OpenTelemetry (OTLP JSON)</translation>
    </message>
    <message>
        <source>vLLM benchmark results (JSON)</source>
        <translation>Результаты бенчмарка vLLM (JSON)</translation>
    </message>
    <message>
        <source>Phasebench JSON lines</source>
        <translation>Строки JSON Phasebench</translation>
    </message>
</context>
<context>
    <name>pb::Metric</name>
    <message>
        <source>Time waiting for a free connection before the request started.</source>
        <translation>Время ожидания свободного соединения до начала запроса.</translation>
    </message>
    <message>
        <source>DNS lookup of the endpoint host.</source>
        <translation>DNS-разрешение хоста конечной точки.</translation>
    </message>
    <message>
        <source>TCP connection set-up.</source>
        <translation>Установка TCP-соединения.</translation>
    </message>
    <message>
        <source>TLS handshake.</source>
        <translation>Рукопожатие TLS.</translation>
    </message>
    <message>
        <source>Connection set-up: blocked + dns + connect + tls. Components that were not measured are left out; not available when none was.</source>
        <translation>Установка соединения: blocked + dns + connect + tls. Неизмеренные компоненты не учитываются; недоступно, если не измерен ни один.</translation>
    </message>
    <message>
        <source>Writing the request to the connection.</source>
        <translation>Запись запроса в соединение.</translation>
    </message>
    <message>
        <source>Request sent to response headers received: server time plus network.</source>
        <translation>От отправки запроса до получения заголовков ответа: время сервера плюс сеть.</translation>
    </message>
    <message>
        <source>Response headers to the last byte of the response body.</source>
        <translation>От заголовков ответа до последнего байта тела ответа.</translation>
    </message>
    <message>
        <source>Client end-to-end latency: attempt start to the end of the response. For a logical request: first attempt&apos;s start to the final attempt&apos;s end.</source>
        <translation>Сквозная задержка на клиенте: от начала попытки до конца ответа. Для логического запроса: от начала первой попытки до конца последней.</translation>
    </message>
    <message>
        <source>Time to headers: attempt start to the response headers.</source>
        <translation>Время до заголовков: от начала попытки до заголовков ответа.</translation>
    </message>
    <message>
        <source>Time to first event: attempt start to the first non-empty SSE event (an event is not a token).</source>
        <translation>Время до первого события: от начала попытки до первого непустого события SSE (событие — это не токен).</translation>
    </message>
    <message>
        <source>Time to first effective output: attempt start to the first text, reasoning or tool-call argument delta.</source>
        <translation>Время до первого полезного вывода: от начала попытки до первой дельты текста, рассуждения или аргумента вызова инструмента.</translation>
    </message>
    <message>
        <source>Time to first visible text: attempt start to the first visible text delta.</source>
        <translation>Время до первого видимого текста: от начала попытки до первой дельты видимого текста.</translation>
    </message>
    <message>
        <source>Attempt start to the end of the stream.</source>
        <translation>От начала попытки до конца потока.</translation>
    </message>
    <message>
        <source>Generation duration: done - first_text (first visible text to end of stream). Completed requests only.</source>
        <translation>Длительность генерации: done - first_text (от первого видимого текста до конца потока). Только завершённые запросы.</translation>
    </message>
    <message>
        <source>Inter-token latency: (done - first_text) / (output_tokens - 1); needs at least 2 output tokens. Completed requests only.</source>
        <translation>Задержка между токенами: (done - first_text) / (output_tokens - 1); нужно не менее 2 выходных токенов. Только завершённые запросы.</translation>
    </message>
    <message>
        <source>Per-request output rate: output_tokens / (done - first_text), in tokens per second. Completed requests only.</source>
        <translation>Скорость вывода на запрос: output_tokens / (done - first_text), в токенах в секунду. Только завершённые запросы.</translation>
    </message>
    <message>
        <source>Input (prompt) tokens of the request, as reported or estimated.</source>
        <translation>Входные токены (промпт) запроса, по данным провайдера или по оценке.</translation>
    </message>
    <message>
        <source>Input tokens served from the provider&apos;s prompt cache.</source>
        <translation>Входные токены, полученные из кэша промптов провайдера.</translation>
    </message>
    <message>
        <source>Output (completion) tokens, reasoning included when the provider counts it there.</source>
        <translation>Выходные токены (completion), включая рассуждения, если провайдер учитывает их там.</translation>
    </message>
    <message>
        <source>Reasoning tokens reported by the provider.</source>
        <translation>Токены рассуждений по данным провайдера.</translation>
    </message>
    <message>
        <source>Server gateway work: auth, prepare, route, application queues.</source>
        <translation>Работа серверного шлюза: аутентификация, подготовка, маршрутизация, очереди приложения.</translation>
    </message>
    <message>
        <source>Waiting for a compute slot after the scheduler accepted the work.</source>
        <translation>Ожидание вычислительного слота после того, как планировщик принял работу.</translation>
    </message>
    <message>
        <source>Server-side inference: inference start to last token.</source>
        <translation>Инференс на сервере: от начала инференса до последнего токена.</translation>
    </message>
    <message>
        <source>Server writing the response.</source>
        <translation>Запись ответа сервером.</translation>
    </message>
    <message>
        <source>Server root span minus its attributed child phases.</source>
        <translation>Корневой спан сервера за вычетом отнесённых к нему дочерних фаз.</translation>
    </message>
    <message>
        <source>Client total - server root, paired per request. Negative values mean wrong span boundaries or a wrong join; they are flagged, never clamped.</source>
        <translation>Итог клиента - корень сервера, попарно для каждого запроса. Отрицательные значения означают неверные границы спанов или неверное сопоставление; они помечаются, но никогда не обрезаются.</translation>
    </message>
    <message>
        <source>Client-side generation per output token: (done - first_text) / output_tokens, as the client saw the stream. Completed requests only. The server&apos;s own figure is server_generation_ms_per_output_token.</source>
        <translation>Генерация на выходной токен на стороне клиента: (done - first_text) / output_tokens, как клиент видел поток. Только завершённые запросы. Собственная величина сервера — server_generation_ms_per_output_token.</translation>
    </message>
    <message>
        <source>Server prefill inside generation: from the prefill span or the time_in_model_prefill attribute.</source>
        <translation>Prefill сервера внутри генерации: из спана prefill или атрибута time_in_model_prefill.</translation>
    </message>
    <message>
        <source>Server decode inside generation: from the decode span or the time_in_model_decode attribute.</source>
        <translation>Декодирование сервера внутри генерации: из спана decode или атрибута time_in_model_decode.</translation>
    </message>
    <message>
        <source>Server-side generation per output token: generation (server) / output_tokens, the figure that normalizes generation for response length. Completed, joined requests only.</source>
        <translation>Генерация на выходной токен на стороне сервера: generation (сервер) / output_tokens — величина, нормирующая генерацию по длине ответа. Только завершённые и сопоставленные запросы.</translation>
    </message>
    <message>
        <source>first_text - server TTFT, paired per request: what network, proxies and buffering add to the first visible text. Negative values are flagged, never clamped.</source>
        <translation>first_text - TTFT сервера, попарно для каждого запроса: что сеть, прокси и буферизация добавляют к первому видимому тексту. Отрицательные значения помечаются, но никогда не обрезаются.</translation>
    </message>
    <message>
        <source>The gateway&apos;s authentication, a local field inside gateway: from the auth span (auth.check or llm.phase=auth).</source>
        <translation>Аутентификация на шлюзе, локальное поле внутри gateway: из спана auth (auth.check или llm.phase=auth).</translation>
    </message>
    <message>
        <source>The gateway&apos;s channel and policy selection, a local field inside gateway: from the route span (route.select or llm.phase=distribution).</source>
        <translation>Выбор канала и политики на шлюзе, локальное поле внутри gateway: из спана route (route.select или llm.phase=distribution).</translation>
    </message>
    <message>
        <source>The gateway reading the request body, a local field inside gateway; slow with a slow upload (request.read or llm.phase=body_read).</source>
        <translation>Чтение шлюзом тела запроса, локальное поле внутри gateway; медленное при медленной отправке (request.read или llm.phase=body_read).</translation>
    </message>
    <message>
        <source>An external provider&apos;s total time, from its provider.request span: owned by the provider. Its queue and generation are inside and cannot be reconstructed by subtraction.</source>
        <translation>Полное время внешнего провайдера по его спану provider.request: относится к провайдеру. Его очередь и генерация находятся внутри, и восстановить их вычитанием нельзя.</translation>
    </message>
    <message>
        <source>Duration of the server&apos;s root span for this attempt, or from response timings the reported total (else validation + queue + generation).</source>
        <translation>Длительность корневого спана сервера для этой попытки или, по таймингам из ответа, сообщённое общее время (иначе валидация + очередь + генерация).</translation>
    </message>
    <message>
        <source>Server time to first token: the server root span&apos;s start to the server&apos;s write of the first output token, or from response timings queue + prefill (server clock only).</source>
        <translation>Время до первого токена на сервере: от начала корневого спана сервера до записи первого выходного токена или, по таймингам из ответа, очередь + prefill (только часы сервера).</translation>
    </message>
    <message>
        <source>Client-visible mean inter-token latency, (done - first_text) / (output_tokens - 1), minus the server&apos;s reported mean ITL, paired per request: what network and buffering add between tokens.</source>
        <translation>Видимая клиенту средняя задержка между токенами, (done - first_text) / (output_tokens - 1), минус средняя ITL, сообщённая сервером, попарно для каждого запроса: что добавляют сеть и буферизация между токенами.</translation>
    </message>
    <message>
        <source>The server&apos;s whole time as its response reported it (TGI x-total-time, a provider&apos;s total_time).</source>
        <translation>Общее время сервера по его ответу (TGI x-total-time, total_time провайдера).</translation>
    </message>
    <message>
        <source>Request validation and tokenization as the response reported it (TGI x-validation-time).</source>
        <translation>Проверка и токенизация запроса по ответу (TGI x-validation-time).</translation>
    </message>
    <message>
        <source>Waiting for a model slot as the response reported it (vLLM queue_time_ms, TGI x-queue-time, a provider&apos;s queue_time).</source>
        <translation>Ожидание слота модели по ответу (vLLM queue_time_ms, TGI x-queue-time, queue_time провайдера).</translation>
    </message>
    <message>
        <source>Scheduling to the first output token as the response reported it (vLLM time_to_first_token_ms, a provider&apos;s prompt_time).</source>
        <translation>От планирования до первого выходного токена по ответу (vLLM time_to_first_token_ms, prompt_time провайдера).</translation>
    </message>
    <message>
        <source>First to last output token as the response reported it (vLLM generation_time_ms, a provider&apos;s completion_time).</source>
        <translation>От первого до последнего выходного токена по ответу (vLLM generation_time_ms, completion_time провайдера).</translation>
    </message>
    <message>
        <source>Scheduling to the last output token as the response reported it (TGI x-inference-time).</source>
        <translation>От планирования до последнего выходного токена по ответу (TGI x-inference-time).</translation>
    </message>
    <message>
        <source>The server&apos;s mean time between output tokens as the response reported it (vLLM mean_itl_ms, TGI x-time-per-token).</source>
        <translation>Среднее время сервера между выходными токенами по ответу (vLLM mean_itl_ms, TGI x-time-per-token).</translation>
    </message>
    <message>
        <source>Scheduling to the first reasoning token (vLLM output_token_metrics.reasoning), beside the client&apos;s first_content.</source>
        <translation>От планирования до первого токена рассуждения (vLLM output_token_metrics.reasoning), рядом с first_content клиента.</translation>
    </message>
    <message>
        <source>Scheduling to the first content token (vLLM output_token_metrics.content), beside the client&apos;s first_text.</source>
        <translation>От планирования до первого токена содержимого (vLLM output_token_metrics.content), рядом с first_text клиента.</translation>
    </message>
    <message>
        <source>Per request with both sources: gpu_queue from spans minus the queue time the response reported.</source>
        <translation>Для запроса с обоими источниками: gpu_queue из спанов минус время очереди из ответа.</translation>
    </message>
    <message>
        <source>Per request with both sources: generation (server) from spans minus the response&apos;s prefill + decode (or inference).</source>
        <translation>Для запроса с обоими источниками: generation (сервер) из спанов минус prefill + decode (или inference) из ответа.</translation>
    </message>
    <message>
        <source>Per request with both sources: decode from spans minus the decode time the response reported.</source>
        <translation>Для запроса с обоими источниками: decode из спанов минус время decode из ответа.</translation>
    </message>
</context>
<context>
    <name>pb::analysis::SamePrompt</name>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>run %1 is the request&apos;s own run; choose another run as the baseline</source>
        <translation>прогон %1 — собственный прогон запроса; выберите другой прогон в качестве базового</translation>
    </message>
    <message>
        <source>request %1 of run %2 records no prompt reference (an imported run or a dropped iteration), so it cannot be paired by prompt</source>
        <translation>запрос %1 прогона %2 не содержит ссылки на промпт (импортированный прогон или отброшенная итерация), поэтому его нельзя сопоставить по промпту</translation>
    </message>
    <message>
        <source>run %1 records no scenario digest, so its prompt references cannot be matched with another run&apos;s</source>
        <translation>прогон %1 не содержит дайджеста сценария, поэтому его ссылки на промпты нельзя сопоставить со ссылками другого прогона</translation>
    </message>
    <message>
        <source>runs %1 and %2 were made from different scenarios (%3, %4): their prompt references name different prompts</source>
        <translation>прогоны %1 и %2 сделаны по разным сценариям (%3, %4): их ссылки на промпты указывают на разные промпты</translation>
    </message>
    <message>
        <source>runs %1 and %2 sampled or generated their prompts with different seeds (%3, %4): the same reference may be a different prompt</source>
        <translation>прогоны %1 и %2 выбрали или сгенерировали промпты с разными зёрнами (%3, %4): одна и та же ссылка может означать другой промпт</translation>
    </message>
    <message>
        <source>no request of run %1 sent prompt %2</source>
        <translation>ни один запрос прогона %1 не отправил промпт %2</translation>
    </message>
    <message>
        <source>run %1 sent prompt %2 %3 time(s), and none completed</source>
        <translation>прогон %1 отправил промпт %2 раз: %3, и ни один запрос не завершился</translation>
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
        <translation>Запустить сценарий нагрузки на конечную точку.</translation>
    </message>
    <message>
        <source>Reconcile one request by trace ID.</source>
        <translation>Сверить один запрос по trace ID.</translation>
    </message>
    <message>
        <source>Run the demo LLM gateway (OpenAI-compatible, OTLP).</source>
        <translation>Запустить демо-шлюз LLM (совместимый с OpenAI, OTLP).</translation>
    </message>
    <message>
        <source>Summarize a run: percentiles, rates and token totals.</source>
        <translation>Сводка по прогону: перцентили, доли и суммы токенов.</translation>
    </message>
    <message>
        <source>Usage: phasebench-cli &lt;command&gt; [options]

Commands:</source>
        <translation>Использование: phasebench-cli &lt;команда&gt; [параметры]

Команды:</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>неизвестная команда &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Input format (default: detected from content).</source>
        <translation>Формат входных данных (по умолчанию: определяется по содержимому).</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>ИМЯ</translation>
    </message>
    <message>
        <source>Name of the new run (default: the file name).</source>
        <translation>Имя нового прогона (по умолчанию: имя файла).</translation>
    </message>
    <message>
        <source>Add to an existing run instead of creating one.</source>
        <translation>Добавить в существующий прогон вместо создания нового.</translation>
    </message>
    <message>
        <source>RUN_ID</source>
        <translation>ID_ПРОГОНА</translation>
    </message>
    <message>
        <source>Skip malformed lines and report them.</source>
        <translation>Пропускать некорректные строки и сообщать о них.</translation>
    </message>
    <message>
        <source>Column mapping for generic CSV files and k6 custom Trends, e.g. &apos;total=latency_s:s,first_text=ttft:ms&apos; (see docs/import.md).</source>
        <translation>Сопоставление столбцов для обычных CSV-файлов и пользовательских Trend k6, например &apos;total=latency_s:s,first_text=ttft:ms&apos; (см. docs/import.md).</translation>
    </message>
    <message>
        <source>MAPPING</source>
        <translation>СОПОСТАВЛЕНИЕ</translation>
    </message>
    <message>
        <source>Files to import.</source>
        <translation>Файлы для импорта.</translation>
    </message>
    <message>
        <source>FILE…</source>
        <translation>ФАЙЛ…</translation>
    </message>
    <message>
        <source>nothing to import: name at least one FILE</source>
        <translation>нечего импортировать: укажите хотя бы один ФАЙЛ</translation>
    </message>
    <message>
        <source>--into expects a run id</source>
        <translation>--into ожидает id прогона</translation>
    </message>
    <message>
        <source>%1: imported %2 requests, %3 spans into run %4 (format %5)</source>
        <translation>%1: импортировано запросов: %2, спанов: %3 в прогон %4 (формат %5)</translation>
    </message>
    <message>
        <source>  skipped %1 bad lines; first ones:</source>
        <translation>  пропущено некорректных строк: %1; первые из них:</translation>
    </message>
    <message>
        <source>%1: warning: %2</source>
        <translation>%1: предупреждение: %2</translation>
    </message>
    <message>
        <source>import failed, nothing was stored: %1</source>
        <translation>импорт не удался, ничего не сохранено: %1</translation>
    </message>
    <message>
        <source>Workbench file (.phasebench).</source>
        <translation>Файл рабочего места (.phasebench).</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>ФАЙЛ</translation>
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
        <translation>нет файла рабочего места по пути &apos;%1&apos;</translation>
    </message>
    <message>
        <source>P</source>
        <translation>P</translation>
    </message>
    <message>
        <source>Address to listen on (default 127.0.0.1).</source>
        <translation>Адрес для прослушивания (по умолчанию 127.0.0.1).</translation>
    </message>
    <message>
        <source>ADDR</source>
        <translation>АДРЕС</translation>
    </message>
    <message>
        <source>Largest request body after decompression (default 64).</source>
        <translation>Максимальный размер тела запроса после распаковки (по умолчанию 64).</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Store the spans into this run (default: a running load run, else a new &apos;received&apos; run).</source>
        <translation>Сохранять спаны в этот прогон (по умолчанию: в текущий нагрузочный прогон, иначе в новый прогон &apos;received&apos;).</translation>
    </message>
    <message>
        <source>Keep prompt/completion attributes (gen_ai.prompt*, …); dropped by default.</source>
        <translation>Сохранять атрибуты промпта и ответа (gen_ai.prompt*, …); по умолчанию они отбрасываются.</translation>
    </message>
    <message>
        <source>--port expects a number from 0 to 65535</source>
        <translation>--port ожидает число от 0 до 65535</translation>
    </message>
    <message>
        <source>--max-body-mib expects a number from 1 to 4096</source>
        <translation>--max-body-mib ожидает число от 1 до 4096</translation>
    </message>
    <message>
        <source>no run &apos;%1&apos; in this file</source>
        <translation>в этом файле нет прогона &apos;%1&apos;</translation>
    </message>
    <message>
        <source>warning: listening on %1, which other machines may reach</source>
        <translation>предупреждение: прослушивается %1, адрес может быть доступен с других машин</translation>
    </message>
    <message>
        <source>received %1 spans (%2 rejected) in %3 requests; stored %4 spans</source>
        <translation>получено спанов: %1 (отклонено: %2) в запросах: %3; сохранено спанов: %4</translation>
    </message>
    <message>
        <source> into run %1</source>
        <translation> в прогон %1</translation>
    </message>
    <message>
        <source>refused requests: %1 undecodable, %2 too large, %3 wrong content type, %4 store behind</source>
        <translation>отклонённые запросы: не декодируются — %1, слишком большие — %2, неверный тип содержимого — %3, хранилище не успевает — %4</translation>
    </message>
    <message>
        <source>dropped %1 prompt/completion attributes (use --capture-content to keep them)</source>
        <translation>отброшено атрибутов промпта и ответа: %1 (используйте --capture-content, чтобы сохранять их)</translation>
    </message>
    <message>
        <source>run %1 &apos;%2&apos;: %3 (generator %4, %5 s)</source>
        <translation>прогон %1 &apos;%2&apos;: %3 (генератор %4, %5 с)</translation>
    </message>
    <message>
        <source>rate</source>
        <translation>интенсивность</translation>
    </message>
    <message>
        <source>requested %1/s, achieved %2/s (steady window)</source>
        <translation>запрошено %1/с, достигнуто %2/с (установившееся окно)</translation>
    </message>
    <message>
        <source>achieved %1/s (closed model: no requested rate)</source>
        <translation>достигнуто %1/с (закрытая модель: без заданной интенсивности)</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>пропущено</translation>
    </message>
    <message>
        <source>%1 iterations</source>
        <translation>итераций: %1</translation>
    </message>
    <message>
        <source>generator lag</source>
        <translation>отставание генератора</translation>
    </message>
    <message>
        <source>attempts</source>
        <translation>попытки</translation>
    </message>
    <message>
        <source>%1 (%2 retries), trace-ID collisions: %3</source>
        <translation>%1 (повторов: %2), коллизий trace ID: %3</translation>
    </message>
    <message>
        <source>outcomes</source>
        <translation>исходы</translation>
    </message>
    <message>
        <source>requested %1/s, </source>
        <translation>запрошено %1/с, </translation>
    </message>
    <message>
        <source>achieved %1/s, dropped %2</source>
        <translation>достигнуто %1/с, пропущено %2</translation>
    </message>
    <message>
        <source>Scenario file (JSON, see docs/scenario.md).</source>
        <translation>Файл сценария (JSON, см. docs/scenario.md).</translation>
    </message>
    <message>
        <source>Run name (default: the scenario&apos;s name).</source>
        <translation>Имя прогона (по умолчанию: имя сценария).</translation>
    </message>
    <message>
        <source>No live progress on stderr.</source>
        <translation>Не выводить ход выполнения в stderr.</translation>
    </message>
    <message>
        <source>expected exactly one scenario file</source>
        <translation>ожидался ровно один файл сценария</translation>
    </message>
    <message>
        <source>what was measured before the failure is stored in run %1</source>
        <translation>измеренное до сбоя сохранено в прогоне %1</translation>
    </message>
    <message>
        <source>run %1 was stopped; everything measured until then is stored</source>
        <translation>прогон %1 остановлен; всё измеренное до этого момента сохранено</translation>
    </message>
    <message>
        <source>name</source>
        <translation>имя</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>вид</translation>
    </message>
    <message>
        <source>status</source>
        <translation>статус</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>запросы</translation>
    </message>
    <message>
        <source>(no runs)</source>
        <translation>(нет прогонов)</translation>
    </message>
    <message>
        <source>Run the demo LLM gateway (OpenAI-compatible, SSE, OTLP span export) until Ctrl+C.</source>
        <translation>Запустить демо-шлюз LLM (совместимый с OpenAI, SSE, экспорт спанов OTLP) до нажатия Ctrl+C.</translation>
    </message>
    <message>
        <source>TCP port (default 8000; 0 = any free port).</source>
        <translation>TCP-порт (по умолчанию 8000; 0 = любой свободный порт).</translation>
    </message>
    <message>
        <source>Export spans to this OTLP/HTTP endpoint, e.g. http://127.0.0.1:4318.</source>
        <translation>Экспортировать спаны на эту конечную точку OTLP/HTTP, например http://127.0.0.1:4318.</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Compute slots of the inference pool (default 4).</source>
        <translation>Вычислительные слоты пула инференса (по умолчанию 4).</translation>
    </message>
    <message>
        <source>Switch a fault on (repeatable; see --list-faults).</source>
        <translation>Включить неисправность (можно повторять; см. --list-faults).</translation>
    </message>
    <message>
        <source>List the faults and the symptom each produces.</source>
        <translation>Показать неисправности и симптом, который вызывает каждая.</translation>
    </message>
    <message>
        <source>Environment variable holding the bearer token to require (default PHASEBENCH_DEMO_API_KEY; unset: any token is accepted).</source>
        <translation>Переменная окружения с требуемым bearer-токеном (по умолчанию PHASEBENCH_DEMO_API_KEY; если не задана, принимается любой токен).</translation>
    </message>
    <message>
        <source>VAR</source>
        <translation>ПЕРЕМЕННАЯ</translation>
    </message>
    <message>
        <source>--slots expects a number from 1 to 1024</source>
        <translation>--slots ожидает число от 1 до 1024</translation>
    </message>
    <message>
        <source>unknown fault &apos;%1&apos; (see --list-faults)</source>
        <translation>неизвестная неисправность &apos;%1&apos; (см. --list-faults)</translation>
    </message>
    <message>
        <source>cannot start the demo gateway: %1</source>
        <translation>не удаётся запустить демо-шлюз: %1</translation>
    </message>
    <message>
        <source>demo LLM gateway on %1 (model %2, %3 slots, faults: %4, spans: %5, token: %6); Ctrl+C stops</source>
        <translation>демо-шлюз LLM на %1 (модель %2, слотов: %3, неисправности: %4, спаны: %5, токен: %6); Ctrl+C для остановки</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>not exported</source>
        <translation>не экспортируются</translation>
    </message>
    <message>
        <source>any bearer token</source>
        <translation>любой bearer-токен</translation>
    </message>
    <message>
        <source>required from $%1</source>
        <translation>требуется из $%1</translation>
    </message>
    <message>
        <source>served %1 requests (%2 completed, %3 unauthorized, %4 cancelled)</source>
        <translation>обслужено запросов: %1 (завершено: %2, без авторизации: %3, отменено: %4)</translation>
    </message>
    <message>
        <source>exported %1 spans (%2 dropped)</source>
        <translation>экспортировано спанов: %1 (отброшено: %2)</translation>
    </message>
    <message>
        <source>last export error: %1</source>
        <translation>последняя ошибка экспорта: %1</translation>
    </message>
    <message>
        <source>Run to summarize (default: the only run of the file).</source>
        <translation>Прогон для сводки (по умолчанию: единственный прогон в файле).</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Metric to summarize; repeat or separate with commas (default: every metric). TTFT variants are named: headers, first_event, first_content, first_text.</source>
        <translation>Метрика для сводки; повторите параметр или перечислите через запятую (по умолчанию: все метрики). Варианты TTFT называются: headers, first_event, first_content, first_text.</translation>
    </message>
    <message>
        <source>List the metric catalogue with units and definitions.</source>
        <translation>Показать каталог метрик с единицами и определениями.</translation>
    </message>
    <message>
        <source>Percentile convention: nearest-rank (default), linear, ecdf.</source>
        <translation>Способ расчёта перцентилей: nearest-rank (по умолчанию), linear, ecdf.</translation>
    </message>
    <message>
        <source>Event unit: attempts (default) or logical (retries grouped).</source>
        <translation>Единица события: attempts (по умолчанию) или logical (повторы объединены).</translation>
    </message>
    <message>
        <source>UNIT</source>
        <translation>ЕДИНИЦА</translation>
    </message>
    <message>
        <source>Logical requests&apos; tokens: billed (all attempts, default) or logical (final attempt).</source>
        <translation>Токены логических запросов: billed (все попытки, по умолчанию) или logical (последняя попытка).</translation>
    </message>
    <message>
        <source>COUNTING</source>
        <translation>ПОДСЧЁТ</translation>
    </message>
    <message>
        <source>Cached responses: include, exclude (default), only.</source>
        <translation>Ответы из кэша: include, exclude (по умолчанию), only.</translation>
    </message>
    <message>
        <source>MODE</source>
        <translation>РЕЖИМ</translation>
    </message>
    <message>
        <source>Outcomes in the latency figures: completed (default), all, or one outcome name. Outcome rates always cover every outcome.</source>
        <translation>Исходы в показателях задержки: completed (по умолчанию), all или имя одного исхода. Доли исходов всегда охватывают все исходы.</translation>
    </message>
    <message>
        <source>OUTCOME</source>
        <translation>ИСХОД</translation>
    </message>
    <message>
        <source>Only this model (repeatable).</source>
        <translation>Только эта модель (можно повторять).</translation>
    </message>
    <message>
        <source>Only this stage (repeatable).</source>
        <translation>Только эта ступень (можно повторять).</translation>
    </message>
    <message>
        <source>Only this input token bucket (repeatable).</source>
        <translation>Только эта группа входных токенов (можно повторять).</translation>
    </message>
    <message>
        <source>Only this output token bucket (repeatable).</source>
        <translation>Только эта группа выходных токенов (можно повторять).</translation>
    </message>
    <message>
        <source>Only rows whose COLUMN (a condition column) is VALUE (repeatable).</source>
        <translation>Только строки, у которых СТОЛБЕЦ (столбец условия) равен ЗНАЧЕНИЮ (можно повторять).</translation>
    </message>
    <message>
        <source>COLUMN=VALUE</source>
        <translation>СТОЛБЕЦ=ЗНАЧЕНИЕ</translation>
    </message>
    <message>
        <source>SPEC</source>
        <translation>СПЕЦ</translation>
    </message>
    <message>
        <source>Warm-up excluded from the steady window (default 10000).</source>
        <translation>Прогрев, исключаемый из установившегося окна (по умолчанию 10000).</translation>
    </message>
    <message>
        <source>Confidence of the percentile intervals (default 0.95).</source>
        <translation>Доверительный уровень интервалов перцентилей (по умолчанию 0.95).</translation>
    </message>
    <message>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <source>Also print a time series with intervals of N ms: count, p95 and error rate.</source>
        <translation>Также вывести временной ряд с интервалами по N мс: количество, p95 и доля ошибок.</translation>
    </message>
    <message>
        <source>Metric of the time series (default: total).</source>
        <translation>Метрика временного ряда (по умолчанию: total).</translation>
    </message>
    <message>
        <source>Also print the tail composition around p50/p95/p99: client, streaming or server.</source>
        <translation>Также вывести состав хвоста около p50/p95/p99: client, streaming или server.</translation>
    </message>
    <message>
        <source>KIND</source>
        <translation>ВИД</translation>
    </message>
    <message>
        <source>Half-width of a composition band in percentile points (default 1).</source>
        <translation>Полуширина полосы состава в процентильных пунктах (по умолчанию 1).</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>Compare with this run (same scope and window).</source>
        <translation>Сравнить с этим прогоном (та же область и окно).</translation>
    </message>
    <message>
        <source>Compare with this window of the same run.</source>
        <translation>Сравнить с этим окном того же прогона.</translation>
    </message>
    <message>
        <source>&apos;ttft&apos; is ambiguous: name the milestone (headers, first_event, first_content, first_text)</source>
        <translation>&apos;ttft&apos; неоднозначно: укажите веху (headers, first_event, first_content, first_text)</translation>
    </message>
    <message>
        <source>unknown metric &apos;%1&apos; (see --list-metrics)</source>
        <translation>неизвестная метрика &apos;%1&apos; (см. --list-metrics)</translation>
    </message>
    <message>
        <source>--run expects a run id</source>
        <translation>--run ожидает id прогона</translation>
    </message>
    <message>
        <source>--convention expects nearest-rank, linear or ecdf</source>
        <translation>--convention ожидает nearest-rank, linear или ecdf</translation>
    </message>
    <message>
        <source>--scope expects attempts or logical</source>
        <translation>--scope ожидает attempts или logical</translation>
    </message>
    <message>
        <source>--tokens expects billed or logical</source>
        <translation>--tokens ожидает billed или logical</translation>
    </message>
    <message>
        <source>--cached expects include, exclude or only</source>
        <translation>--cached ожидает include, exclude или only</translation>
    </message>
    <message>
        <source>--outcome expects completed, all or an outcome name</source>
        <translation>--outcome ожидает completed, all или имя исхода</translation>
    </message>
    <message>
        <source>--filter expects COLUMN=VALUE</source>
        <translation>--filter ожидает СТОЛБЕЦ=ЗНАЧЕНИЕ</translation>
    </message>
    <message>
        <source>--%1 expects a non-negative number of milliseconds</source>
        <translation>--%1 ожидает неотрицательное число миллисекунд</translation>
    </message>
    <message>
        <source>--confidence expects a number between 0 and 1</source>
        <translation>--confidence ожидает число от 0 до 1</translation>
    </message>
    <message>
        <source>--interval-ms expects a positive number</source>
        <translation>--interval-ms ожидает положительное число</translation>
    </message>
    <message>
        <source>--composition expects client, streaming or server</source>
        <translation>--composition ожидает client, streaming или server</translation>
    </message>
    <message>
        <source>--band-points expects a number between 0 and 50</source>
        <translation>--band-points ожидает число от 0 до 50</translation>
    </message>
    <message>
        <source>--baseline-run expects a run id</source>
        <translation>--baseline-run ожидает id прогона</translation>
    </message>
    <message>
        <source>--baseline-window expects all, steady, stage:NAME or range:FROM_MS-TO_MS</source>
        <translation>--baseline-window ожидает all, steady, stage:NAME или range:FROM_MS-TO_MS</translation>
    </message>
    <message>
        <source>--window per-stage cannot be combined with a baseline</source>
        <translation>--window per-stage нельзя сочетать с базовой линией</translation>
    </message>
    <message>
        <source>scope: </source>
        <translation>область: </translation>
    </message>
    <message>
        <source>window: </source>
        <translation>окно: </translation>
    </message>
    <message>
        <source>statistic: </source>
        <translation>статистика: </translation>
    </message>
    <message>
        <source>counts: %1 attempts, %2 logical requests, %3 retries, %4 events in scope</source>
        <translation>количество: попыток %1, логических запросов %2, повторов %3, событий в области %4</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>метрика</translation>
    </message>
    <message>
        <source>unit</source>
        <translation>единица</translation>
    </message>
    <message>
        <source>p95 interval</source>
        <translation>интервал p95</translation>
    </message>
    <message>
        <source>* = the single worst request of the sample; &apos;-&apos; = not available; interval bounds &apos;-&apos; = unbounded (too few values)</source>
        <translation>* = самый медленный отдельный запрос выборки; &apos;-&apos; = недоступно; граница интервала &apos;-&apos; = не ограничена (слишком мало значений)</translation>
    </message>
    <message>
        <source>no data: </source>
        <translation>нет данных: </translation>
    </message>
    <message>
        <source>Definitions:</source>
        <translation>Определения:</translation>
    </message>
    <message>
        <source>Outcome rates over %1 (%2 started, %3 dropped):</source>
        <translation>Доли исходов по %1 (начато: %2, пропущено: %3):</translation>
    </message>
    <message>
        <source>error rate (provider_error + client_error)</source>
        <translation>доля ошибок (provider_error + client_error)</translation>
    </message>
    <message>
        <source>timeout rate</source>
        <translation>доля тайм-аутов</translation>
    </message>
    <message>
        <source>cancellation rate</source>
        <translation>доля отмен</translation>
    </message>
    <message>
        <source>partial rate</source>
        <translation>доля частичных ответов</translation>
    </message>
    <message>
        <source>cache hit rate</source>
        <translation>доля попаданий в кэш</translation>
    </message>
    <message>
        <source>Output rates over %1 completed requests in scope:</source>
        <translation>Скорость вывода по завершённым запросам в области (%1):</translation>
    </message>
    <message>
        <source>request-weighted (mean of per-request tokens/s)</source>
        <translation>взвешенная по запросам (среднее токенов/с на запрос)</translation>
    </message>
    <message>
        <source>token-weighted (sum of tokens / sum of generation time)</source>
        <translation>взвешенная по токенам (сумма токенов / сумма времени генерации)</translation>
    </message>
    <message>
        <source>Tokens (%1): input %2, cached input %3, output %4, reasoning %5</source>
        <translation>Токены (%1): входные %2, входные из кэша %3, выходные %4, рассуждения %5</translation>
    </message>
    <message>
        <source>Warnings:</source>
        <translation>Предупреждения:</translation>
    </message>
    <message>
        <source>Tail composition of %1 (mean of the requests within +/-%2 percentile points; adds up):</source>
        <translation>Состав хвоста %1 (среднее по запросам в пределах +/-%2 процентильных пунктов; слагаемые складываются):</translation>
    </message>
    <message>
        <source>Per-phase percentiles (each phase on its own; they do not add up):</source>
        <translation>Перцентили по фазам (каждая фаза отдельно; они не складываются):</translation>
    </message>
    <message>
        <source>Time series of %1 (%2, %3 ms intervals):</source>
        <translation>Временной ряд %1 (%2, интервалы по %3 мс):</translation>
    </message>
    <message>
        <source>Comparison: baseline %1 vs this %2</source>
        <translation>Сравнение: базовая линия %1 и текущие данные %2</translation>
    </message>
    <message>
        <source>no scope drift detected</source>
        <translation>смещение области не обнаружено</translation>
    </message>
    <message>
        <source>drift</source>
        <translation>смещение</translation>
    </message>
    <message>
        <source>Summarize a run: every figure is summarize(events, window, statistic).</source>
        <translation>Сводка по прогону: каждый показатель — это summarize(events, window, statistic).</translation>
    </message>
    <message>
        <source>the file has %1 runs: name one with --run ID</source>
        <translation>в файле несколько прогонов (%1): укажите один через --run ID</translation>
    </message>
    <message>
        <source>no run %1 in this file</source>
        <translation>в этом файле нет прогона %1</translation>
    </message>
    <message>
        <source>Run %1 &apos;%2&apos;</source>
        <translation>Прогон %1 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>ступень %1</translation>
    </message>
    <message>
        <source>no data: the run has no stages</source>
        <translation>нет данных: в прогоне нет ступеней</translation>
    </message>
    <message>
        <source>Reconcile one request: client phases, server spans, network envelope.</source>
        <translation>Сверить один запрос: фазы клиента, спаны сервера, сетевая оболочка.</translation>
    </message>
    <message>
        <source>Look in this run only.</source>
        <translation>Искать только в этом прогоне.</translation>
    </message>
    <message>
        <source>W3C trace ID (32 hex digits).</source>
        <translation>W3C trace ID (32 шестнадцатеричные цифры).</translation>
    </message>
    <message>
        <source>TRACE_ID</source>
        <translation>TRACE_ID</translation>
    </message>
    <message>
        <source>name exactly one TRACE_ID</source>
        <translation>укажите ровно один TRACE_ID</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a trace ID (32 hex digits, not all zero)</source>
        <translation>&apos;%1&apos; не является trace ID (32 шестнадцатеричные цифры, не все нули)</translation>
    </message>
    <message>
        <source>trace %1 is in no run of this file (neither a request nor a span)</source>
        <translation>трасса %1 не найдена ни в одном прогоне этого файла (ни как запрос, ни как спан)</translation>
    </message>
    <message>
        <source>warning: the network envelope is negative: the client total is shorter than the server root, so the boundaries, the units or the join are wrong (not clamped)</source>
        <translation>предупреждение: сетевая оболочка отрицательна: итог клиента короче корня сервера, значит, неверны границы, единицы или сопоставление (без обрезки)</translation>
    </message>
    <message>
        <source>note: no client record has this trace ID; only the server side is shown</source>
        <translation>примечание: ни одна клиентская запись не имеет этого trace ID; показана только серверная сторона</translation>
    </message>
    <message>
        <source>several</source>
        <translation>несколько</translation>
    </message>
    <message>
        <source>PASS</source>
        <translation>ПРОЙДЕНО</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>ПРОВАЛ</translation>
    </message>
    <message>
        <source>CANNOT DECIDE</source>
        <translation>НЕВОЗМОЖНО РЕШИТЬ</translation>
    </message>
    <message>
        <source>Run %1 &apos;%2&apos;: %3</source>
        <translation>Прогон %1 &apos;%2&apos;: %3</translation>
    </message>
    <message>
        <source>Broken budget first: %1 %2 %3 %4 &gt; budget %5 %4 (likely owner: %6)</source>
        <translation>Первым нарушен бюджет: %1 %2 %3 %4 &gt; бюджет %5 %4 (вероятный ответственный: %6)</translation>
    </message>
    <message>
        <source>budgets: %1</source>
        <translation>бюджеты: %1</translation>
    </message>
    <message>
        <source>warning: no budget was stored before the run started; the first stored version (set %1) was used</source>
        <translation>предупреждение: до начала прогона бюджет не был сохранён; использована первая сохранённая версия (задана %1)</translation>
    </message>
    <message>
        <source>window: %1</source>
        <translation>окно: %1</translation>
    </message>
    <message>
        <source>Thresholds changed after the run started (the check uses the version set before it):</source>
        <translation>Пороги изменились после начала прогона (проверка использует версию, заданную до него):</translation>
    </message>
    <message>
        <source>  %1: %2 -&gt; %3 (version %4, set %5)</source>
        <translation>  %1: %2 -&gt; %3 (версия %4, задана %5)</translation>
    </message>
    <message>
        <source>Run to check (default: the only run of the file).</source>
        <translation>Прогон для проверки (по умолчанию: единственный прогон в файле).</translation>
    </message>
    <message>
        <source>Budget file (JSON, see docs/budgets.md); default: the run&apos;s stored budgets.</source>
        <translation>Файл бюджетов (JSON, см. docs/budgets.md); по умолчанию: сохранённые бюджеты прогона.</translation>
    </message>
    <message>
        <source>Store --budgets with the run as a new version (with its time).</source>
        <translation>Сохранить --budgets вместе с прогоном как новую версию (с её временем).</translation>
    </message>
    <message>
        <source>Use this stored version instead of the one set before the run.</source>
        <translation>Использовать эту сохранённую версию вместо заданной до прогона.</translation>
    </message>
    <message>
        <source>Also write the result as JUnit XML to FILE.</source>
        <translation>Также записать результат в формате JUnit XML в ФАЙЛ.</translation>
    </message>
    <message>
        <source>--save-budgets needs --budgets FILE</source>
        <translation>--save-budgets требует --budgets ФАЙЛ</translation>
    </message>
    <message>
        <source>--budget-version expects a version number</source>
        <translation>--budget-version ожидает номер версии</translation>
    </message>
    <message>
        <source>bad budget file: %1</source>
        <translation>некорректный файл бюджетов: %1</translation>
    </message>
    <message>
        <source>stored the budgets with run %1 as version %2</source>
        <translation>бюджеты сохранены с прогоном %1 как версия %2</translation>
    </message>
    <message>
        <source>run %1 has no stored budgets: pass --budgets FILE</source>
        <translation>у прогона %1 нет сохранённых бюджетов: укажите --budgets ФАЙЛ</translation>
    </message>
    <message>
        <source>cannot write the JUnit file &apos;%1&apos;: %2</source>
        <translation>не удаётся записать файл JUnit &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>Run the built-in demo: gateway, receiver, a short load run, the join.</source>
        <translation>Запустить встроенное демо: шлюз, приёмник, короткий нагрузочный прогон, сопоставление.</translation>
    </message>
    <message>
        <source>Evaluate a run&apos;s budgets and gates (exit code for CI).</source>
        <translation>Оценить бюджеты и гейты прогона (код выхода для CI).</translation>
    </message>
    <message>
        <source>Diagnose a run: the phase that moved, its likely owner, the first check.</source>
        <translation>Диагностировать прогон: изменившаяся фаза, её вероятный ответственный, первая проверка.</translation>
    </message>
    <message>
        <source>Join: coverage %1% (%2 of %3 attempts matched a server trace), %4 unmatched server traces, %5 negative envelopes, %6 duplicate trace IDs</source>
        <translation>Сопоставление: покрытие %1% (%2 из %3 попыток сопоставлены с серверной трассой), несопоставленных серверных трасс: %4, отрицательных оболочек: %5, повторяющихся trace ID: %6</translation>
    </message>
    <message>
        <source>--%1 expects a number above 0 and at most %2</source>
        <translation>--%1 ожидает число больше 0 и не больше %2</translation>
    </message>
    <message>
        <source>Start the OTLP receiver and the demo gateway on free loopback ports, run a short open-model load against the gateway, join client and server views and print the summary with join coverage and per-phase percentiles.</source>
        <translation>Запустить приёмник OTLP и демо-шлюз на свободных loopback-портах, подать короткую нагрузку открытой модели на шлюз, сопоставить данные клиента и сервера и вывести сводку с покрытием сопоставления и перцентилями по фазам.</translation>
    </message>
    <message>
        <source>Switch a demo gateway fault on (repeatable; see --list-faults).</source>
        <translation>Включить неисправность демо-шлюза (можно повторять; см. --list-faults).</translation>
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
        <translation>Вычислительные слоты демо-пула инференса (по умолчанию 4).</translation>
    </message>
    <message>
        <source>Name of the run (default demo).</source>
        <translation>Имя прогона (по умолчанию demo).</translation>
    </message>
    <message>
        <source>No live progress lines.</source>
        <translation>Не выводить строки хода выполнения.</translation>
    </message>
    <message>
        <source>demo gateway %1, OTLP receiver %2, run %3 in %4</source>
        <translation>демо-шлюз %1, приёмник OTLP %2, прогон %3 в %4</translation>
    </message>
    <message>
        <source>%1 s  %2  achieved %3/s  in flight %4  completed %5  failed %6  dropped %7</source>
        <translation>%1 с  %2  достигнуто %3/с  в обработке %4  завершено %5  с ошибкой %6  пропущено %7</translation>
    </message>
    <message>
        <source>Spans: %1 exported by the gateway, %2 stored (%3 dropped)</source>
        <translation>Спаны: экспортировано шлюзом %1, сохранено %2 (отброшено %3)</translation>
    </message>
    <message>
        <source>Stored in %1 (run %2). Open it with: phasebench %1</source>
        <translation>Сохранено в %1 (прогон %2). Откройте командой: phasebench %1</translation>
    </message>
    <message>
        <source>compared: %1 -&gt; %2</source>
        <translation>сравнение: %1 -&gt; %2</translation>
    </message>
    <message>
        <source>comparison refused: the load profiles differ</source>
        <translation>сравнение отклонено: профили нагрузки различаются</translation>
    </message>
    <message>
        <source>no finding: no rule fired</source>
        <translation>выводов нет: ни одно правило не сработало</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>   likely owner: %1 (confidence %2)</source>
        <translation>   вероятный ответственный: %1 (достоверность: %2)</translation>
    </message>
    <message>
        <source>   rule: %1; between: %2</source>
        <translation>   правило: %1; между: %2</translation>
    </message>
    <message>
        <source>   evidence:</source>
        <translation>   доказательства:</translation>
    </message>
    <message>
        <source>   first check: %1</source>
        <translation>   первая проверка: %1</translation>
    </message>
    <message>
        <source>Stages (knee search):</source>
        <translation>Ступени (поиск колена):</translation>
    </message>
    <message>
        <source>knee: %1; highest stage that met the budgets: %2</source>
        <translation>колено: %1; наивысшая ступень, уложившаяся в бюджеты: %2</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>не найдено</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>Примечания:</translation>
    </message>
    <message>
        <source>--%1 expects a run id</source>
        <translation>--%1 ожидает id прогона</translation>
    </message>
    <message>
        <source>Diagnose a run: which phase moved, its likely owner and the first check, with evidence. Compares with --baseline, else the first and last stage, else the two halves of the run.</source>
        <translation>Диагностировать прогон: какая фаза изменилась, её вероятный ответственный и первая проверка, с доказательствами. Сравнивает с --baseline, иначе первую и последнюю ступени, иначе две половины прогона.</translation>
    </message>
    <message>
        <source>Run to diagnose (default: the only run of the file).</source>
        <translation>Прогон для диагностики (по умолчанию: единственный прогон в файле).</translation>
    </message>
    <message>
        <source>Baseline run to compare with (same load profile).</source>
        <translation>Базовый прогон для сравнения (тот же профиль нагрузки).</translation>
    </message>
    <message>
        <source>--baseline must name another run</source>
        <translation>--baseline должен указывать другой прогон</translation>
    </message>
    <message>
        <source>Budget file: broken phase budgets become findings, and a stepped run reports its highest stage that met them (default: the run&apos;s stored budgets).</source>
        <translation>Файл бюджетов: нарушенные бюджеты фаз становятся выводами, а ступенчатый прогон сообщает наивысшую ступень, уложившуюся в них (по умолчанию: сохранённые бюджеты прогона).</translation>
    </message>
    <message>
        <source>Thresholds of the run&apos;s stored budgets changed after the run started:</source>
        <translation>Пороги сохранённых бюджетов прогона изменились после его начала:</translation>
    </message>
    <message>
        <source>  mapped %1</source>
        <translation>  сопоставлено %1</translation>
    </message>
    <message>
        <source>Per-phase latency, %1; %2; %3:</source>
        <translation>Задержка по фазам, %1; %2; %3:</translation>
    </message>
    <message>
        <source>definition</source>
        <translation>определение</translation>
    </message>
    <message>
        <source> (join coverage %1%)</source>
        <translation> (покрытие сопоставления %1%)</translation>
    </message>
    <message>
        <source>Stages are summarized separately, never pooled:</source>
        <translation>Этапы сводятся по отдельности и никогда не объединяются:</translation>
    </message>
    <message>
        <source>== stage %1: requested %2/s, achieved %3/s, dropped %4 ==</source>
        <translation>== этап %1: запрошено %2/с, достигнуто %3/с, отброшено %4 ==</translation>
    </message>
    <message>
        <source>Pooled (asked for): %1</source>
        <translation>Объединено (по запросу): %1</translation>
    </message>
    <message>
        <source>Window. Default: the run&apos;s own windows (one per stage of a stepped run, each without its settle time; else the steady window). per-stage: the same, always per stage. all, steady: the whole run, labelled pooled when it spans stages; stage:NAME (every event of one stage), stage-steady:NAME, range:FROM_MS-TO_MS (start time from run start).</source>
        <translation>Окно. По умолчанию: собственные окна прогона (по одному на этап ступенчатого прогона, каждое без времени стабилизации; иначе устойчивое окно). per-stage: то же, всегда по этапам. all, steady: весь прогон, помечается как объединённый, если охватывает несколько этапов; stage:ИМЯ (все события одного этапа), stage-steady:ИМЯ, range:ОТ_МС-ДО_МС (время начала от старта прогона).</translation>
    </message>
    <message>
        <source>Settle time after each stage change excluded from the steady and stage windows (default 5000).</source>
        <translation>Время стабилизации после каждой смены этапа, исключаемое из устойчивого окна и окон этапов (по умолчанию 5000).</translation>
    </message>
    <message>
        <source>--window expects all, steady, stage:NAME, stage-steady:NAME, per-stage or range:FROM_MS-TO_MS</source>
        <translation>--window ожидает all, steady, stage:ИМЯ, stage-steady:ИМЯ, per-stage или range:ОТ_МС-ДО_МС</translation>
    </message>
    <message>
        <source>the run has %1 stages: name the window to compare with --window (e.g. stage-steady:%2); stages are never pooled</source>
        <translation>в прогоне %1 этапов: укажите сравниваемое окно через --window (например, stage-steady:%2); этапы никогда не объединяются</translation>
    </message>
    <message>
        <source>join: coverage %1% (%2 of %3 sent attempts matched a server trace); joined phases are over the matched attempts</source>
        <translation>сопоставление: покрытие %1% (%2 из %3 отправленных попыток сопоставлены с трассой сервера); сопоставленные фазы — по сопоставленным попыткам</translation>
    </message>
    <message>
        <source>stages are summarized separately, never pooled</source>
        <translation>этапы сводятся по отдельности и никогда не объединяются</translation>
    </message>
    <message>
        <source>
Run &apos;phasebench-cli &lt;command&gt; --help&apos; for the options of a command, &apos;phasebench-cli --help-all&apos; for all of them; &apos;phasebench-cli --data-dir&apos; prints the folder of the example scenarios and budgets.</source>
        <translation>
Запустите &apos;phasebench-cli &lt;команда&gt; --help&apos;, чтобы увидеть параметры команды, &apos;phasebench-cli --help-all&apos; — все параметры; &apos;phasebench-cli --data-dir&apos; выводит папку примеров сценариев и бюджетов.</translation>
    </message>
    <message>
        <source>no data folder: neither ../share/phasebench beside the program nor the source tree</source>
        <translation>нет папки данных: нет ни ../share/phasebench рядом с программой, ни дерева исходников</translation>
    </message>
    <message>
        <source>p50 %1 ms, p99 %2 ms, max %3 ms (start - scheduled)</source>
        <translation>p50 %1 мс, p99 %2 мс, макс. %3 мс (старт - по расписанию)</translation>
    </message>
    <message>
        <source>WARNING: generator-bound: %1. The latency figures below are not those of an open-model test at the requested rate.</source>
        <translation>ВНИМАНИЕ: упор в генератор: %1. Приведённые ниже задержки не соответствуют тесту открытой модели при запрошенной интенсивности.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is read-only (file or folder permissions, or read-only media); this command writes to it. Copy it somewhere writable, or choose another file.</source>
        <translation>&apos;%1&apos; доступен только для чтения (права на файл или папку либо носитель только для чтения); эта команда записывает в него. Скопируйте его в доступное для записи место или выберите другой файл.</translation>
    </message>
    <message>
        <source>Largest record (a line, a CSV record, a JSON record such as a HAR entry; default %1).</source>
        <translation>Наибольшая запись (строка, запись CSV, запись JSON, например элемент HAR; по умолчанию %1).</translation>
    </message>
    <message>
        <source>SIZE</source>
        <translation>РАЗМЕР</translation>
    </message>
    <message>
        <source>Largest field (a JSON string, a CSV cell; default %1).</source>
        <translation>Наибольшее поле (строка JSON, ячейка CSV; по умолчанию %1).</translation>
    </message>
    <message>
        <source>Largest document read whole (a pretty-printed OTLP document, vLLM results; default %1).</source>
        <translation>Наибольший документ, читаемый целиком (документ OTLP с отступами, результаты vLLM; по умолчанию %1).</translation>
    </message>
    <message>
        <source>Largest decompressed size of a gzip file (default 0 = unlimited).</source>
        <translation>Наибольший размер распакованного файла gzip (по умолчанию 0 = без ограничения).</translation>
    </message>
    <message>
        <source>--%1 expects a size in bytes, e.g. 67108864 or 64MiB</source>
        <translation>--%1 ожидает размер в байтах, например 67108864 или 64MiB</translation>
    </message>
    <message>
        <source>Write a run&apos;s report as PDF, self-contained HTML or Markdown.</source>
        <translation>Записывает отчёт о прогоне в PDF, автономный HTML или Markdown.</translation>
    </message>
    <message>
        <source>Export a run&apos;s requests as CSV or JSON lines.</source>
        <translation>Экспортировать запросы прогона в формате CSV или JSON lines.</translation>
    </message>
    <message>
        <source>Export a run&apos;s requests, every column, as CSV or JSON lines (the column names of the native CSV import; NULL is an empty cell or null).</source>
        <translation>Экспортировать запросы прогона со всеми столбцами в формате CSV или JSON lines (имена столбцов как при собственном импорте CSV; NULL — пустая ячейка или null).</translation>
    </message>
    <message>
        <source>Run to export (default: the only run of the file).</source>
        <translation>Прогон для экспорта (по умолчанию: единственный прогон в файле).</translation>
    </message>
    <message>
        <source>csv (default) or jsonl.</source>
        <translation>csv (по умолчанию) или jsonl.</translation>
    </message>
    <message>
        <source>FORMAT</source>
        <translation>ФОРМАТ</translation>
    </message>
    <message>
        <source>Output file (default: standard output).</source>
        <translation>Выходной файл (по умолчанию: стандартный вывод).</translation>
    </message>
    <message>
        <source>--format expects csv or jsonl</source>
        <translation>--format ожидает csv или jsonl</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;</source>
        <translation>не удаётся записать &apos;%1&apos;</translation>
    </message>
    <message>
        <source>writing the export failed</source>
        <translation>не удалось записать экспорт</translation>
    </message>
    <message>
        <source>exported %1 requests</source>
        <translation>экспортировано запросов: %1</translation>
    </message>
    <message>
        <source>Write a run&apos;s report: verdict, per-stage figures, charts, diagnosis, the slowest requests, provenance and, with --baseline, a comparison.</source>
        <translation>Записать отчёт о прогоне: вердикт, показатели по ступеням, графики, диагностика, самые медленные запросы, происхождение данных и, с --baseline, сравнение.</translation>
    </message>
    <message>
        <source>Run to report (default: the only run of the file).</source>
        <translation>Прогон для отчёта (по умолчанию: единственный прогон в файле).</translation>
    </message>
    <message>
        <source>Baseline run to compare with.</source>
        <translation>Базовый прогон для сравнения.</translation>
    </message>
    <message>
        <source>Budget file (default: the budgets stored with the run).</source>
        <translation>Файл бюджетов (по умолчанию: бюджеты, сохранённые с прогоном).</translation>
    </message>
    <message>
        <source>pdf, html or md (default: from the output file&apos;s suffix).</source>
        <translation>pdf, html или md (по умолчанию: по расширению выходного файла).</translation>
    </message>
    <message>
        <source>Page size of a PDF: a4 (default) or letter.</source>
        <translation>Размер страницы PDF: a4 (по умолчанию) или letter.</translation>
    </message>
    <message>
        <source>Output file.</source>
        <translation>Выходной файл.</translation>
    </message>
    <message>
        <source>name the output file with -o FILE</source>
        <translation>укажите выходной файл через -o ФАЙЛ</translation>
    </message>
    <message>
        <source>--format expects pdf, html or md</source>
        <translation>--format ожидает pdf, html или md</translation>
    </message>
    <message>
        <source>--page expects a4 or letter</source>
        <translation>--page ожидает a4 или letter</translation>
    </message>
    <message>
        <source>the report draws charts and needs the GUI library (run phasebench-cli itself)</source>
        <translation>отчёт содержит графики, и для него нужна библиотека GUI (запустите сам phasebench-cli)</translation>
    </message>
    <message>
        <source>wrote %1</source>
        <translation>записано: %1</translation>
    </message>
    <message>
        <source>Goodput gate: at least this share (0-1) of each stage&apos;s requests must meet every latency budget at once (overrides the budgets&apos; gates.min_goodput).</source>
        <translation>Порог goodput: не менее этой доли (0-1) запросов каждой ступени должно укладываться во все бюджеты задержки одновременно (переопределяет gates.min_goodput бюджетов).</translation>
    </message>
    <message>
        <source>--min-goodput expects a share between 0 and 1</source>
        <translation>--min-goodput ожидает долю от 0 до 1</translation>
    </message>
    <message>
        <source>Receive OTLP traces (HTTP and gRPC) into a workbench file.</source>
        <translation>Принимать трассы OTLP (HTTP и gRPC) в файл рабочего места.</translation>
    </message>
    <message>
        <source>Write a k6 script for a load scenario (scale-out on k6).</source>
        <translation>Записать скрипт k6 для сценария нагрузки (горизонтальное масштабирование на k6).</translation>
    </message>
    <message>
        <source>Merge several generators&apos; workbench files into one run.</source>
        <translation>Объединить файлы рабочего места нескольких генераторов в один прогон.</translation>
    </message>
    <message>
        <source>Fetch a run&apos;s traces from Jaeger by trace ID, store and join them.</source>
        <translation>Загрузить трассы прогона из Jaeger по trace ID, сохранить и сопоставить их.</translation>
    </message>
    <message>
        <source>--steps expects rates above 0 and at most 1000, separated by commas (got &apos;%1&apos;)</source>
        <translation>--steps ожидает интенсивности больше 0 и не более 1000 через запятую (получено &apos;%1&apos;)</translation>
    </message>
    <message>
        <source>stepped (default: one stage per rate of --steps, past the demo pool&apos;s knee) or steady (one rate, --rate).</source>
        <translation>stepped (по умолчанию: по одной ступени на каждую интенсивность из --steps, за коленом демо-пула) или steady (одна интенсивность, --rate).</translation>
    </message>
    <message>
        <source>Arrival rates of the stepped profile, one stage each (default 3,5,7,9).</source>
        <translation>Интенсивности поступления ступенчатого профиля, по одной ступени на каждую (по умолчанию 3,5,7,9).</translation>
    </message>
    <message>
        <source>R,R,…</source>
        <translation>R,R,…</translation>
    </message>
    <message>
        <source>Requests per second of the steady profile (default 6); implies --profile steady.</source>
        <translation>Запросов в секунду для стабильного профиля (по умолчанию 6); подразумевает --profile steady.</translation>
    </message>
    <message>
        <source>Do not store the demo&apos;s budgets with the run.</source>
        <translation>Не сохранять бюджеты демо вместе с прогоном.</translation>
    </message>
    <message>
        <source>OTLP/HTTP receiver port (default: any free port; the gateway sends its spans there; 0 = off).</source>
        <translation>Порт приёмника OTLP/HTTP (по умолчанию: любой свободный порт; шлюз отправляет туда свои спаны; 0 = выключен).</translation>
    </message>
    <message>
        <source>Also receive spans over OTLP/gRPC on this port (default 0 = off).</source>
        <translation>Также принимать спаны по OTLP/gRPC на этом порту (по умолчанию 0 = выключено).</translation>
    </message>
    <message>
        <source>--%1 expects a number from 0 to 65535</source>
        <translation>--%1 ожидает число от 0 до 65535</translation>
    </message>
    <message>
        <source>--profile expects stepped or steady (got &apos;%1&apos;)</source>
        <translation>--profile ожидает stepped или steady (получено &apos;%1&apos;)</translation>
    </message>
    <message>
        <source>--rate sets the steady profile&apos;s rate; the stepped profile takes --steps</source>
        <translation>--rate задаёт интенсивность стабильного профиля; ступенчатый профиль использует --steps</translation>
    </message>
    <message>
        <source>--steps sets the stepped profile&apos;s rates; the steady profile takes --rate</source>
        <translation>--steps задаёт интенсивности ступенчатого профиля; стабильный профиль использует --rate</translation>
    </message>
    <message>
        <source>OTLP/gRPC receiver %1</source>
        <translation>Приёмник OTLP/gRPC %1</translation>
    </message>
    <message>
        <source>Write a k6 script for a load scenario: its executor and stages, request bodies, header names, timeout and retries, a fresh traceparent per attempt with a per-instance prefix, LLM trends tagged with the trace ID and its budgets as thresholds (docs/scale-out.md).</source>
        <translation>Записать скрипт k6 для сценария нагрузки: его исполнитель и этапы, тела запросов, имена заголовков, тайм-аут и повторы, новый traceparent на каждую попытку с префиксом для каждого экземпляра, Trend-метрики LLM с тегом trace ID и его бюджеты в виде порогов (docs/scale-out.md).</translation>
    </message>
    <message>
        <source>Script file (default: standard output).</source>
        <translation>Файл скрипта (по умолчанию: стандартный вывод).</translation>
    </message>
    <message>
        <source>Scenario JSON file.</source>
        <translation>JSON-файл сценария.</translation>
    </message>
    <message>
        <source>SCENARIO.json</source>
        <translation>СЦЕНАРИЙ.json</translation>
    </message>
    <message>
        <source>name exactly one SCENARIO.json</source>
        <translation>укажите ровно один СЦЕНАРИЙ.json</translation>
    </message>
    <message>
        <source>threshold %1: %2 (budget %3)</source>
        <translation>порог %1: %2 (бюджет %3)</translation>
    </message>
    <message>
        <source>budget %1 is not a k6 threshold: %2</source>
        <translation>бюджет %1 не является порогом k6: %2</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>примечание: %1</translation>
    </message>
    <message>
        <source>Run %1: %L2 trace IDs; already present %L3, fetched %L4, missing %L5, failed %L6</source>
        <translation>Прогон %1: trace ID: %L2; уже есть %L3, загружено %L4, отсутствует %L5, с ошибкой %L6</translation>
    </message>
    <message>
        <source>  spans stored: %L1 (requests: %L2, retries: %L3)</source>
        <translation>  сохранено спанов: %L1 (запросов: %L2, повторов: %L3)</translation>
    </message>
    <message>
        <source>  failed %1: %2</source>
        <translation>  ошибка %1: %2</translation>
    </message>
    <message>
        <source>  … and %L1 more failed</source>
        <translation>  … и ещё %L1 с ошибкой</translation>
    </message>
    <message>
        <source>Join coverage: none (no attempt was sent)</source>
        <translation>Покрытие сопоставления: нет (ни одна попытка не отправлена)</translation>
    </message>
    <message>
        <source>Join coverage: %1% (%L2 of %L3 attempts matched)</source>
        <translation>Покрытие сопоставления: %1% (сопоставлено %L2 из %L3 попыток)</translation>
    </message>
    <message>
        <source>Cancelled: what was fetched is stored; fetch again to fetch the rest.</source>
        <translation>Отменено: загруженное сохранено; запустите загрузку снова, чтобы получить остальное.</translation>
    </message>
    <message>
        <source>Some traces failed; fetch again to retry them (the others are skipped).</source>
        <translation>Некоторые трассы загрузить не удалось; запустите загрузку снова, чтобы повторить их (остальные пропускаются).</translation>
    </message>
    <message>
        <source>Fetch a run&apos;s server traces from a Jaeger query service by trace ID, store them into the run and join it. Traces already in the run are skipped, so a second fetch resumes.</source>
        <translation>Загрузить серверные трассы прогона из сервиса запросов Jaeger по trace ID, сохранить их в прогон и выполнить сопоставление. Трассы, уже имеющиеся в прогоне, пропускаются, поэтому повторная загрузка продолжает прерванную.</translation>
    </message>
    <message>
        <source>The run (default: the file&apos;s only run).</source>
        <translation>Прогон (по умолчанию: единственный прогон в файле).</translation>
    </message>
    <message>
        <source>The Jaeger query service, e.g. http://localhost:16686 (GET /api/traces/ID).</source>
        <translation>Сервис запросов Jaeger, например http://localhost:16686 (GET /api/traces/ID).</translation>
    </message>
    <message>
        <source>Keep only spans of this service (default: every span of the trace).</source>
        <translation>Оставлять только спаны этого сервиса (по умолчанию: все спаны трассы).</translation>
    </message>
    <message>
        <source>Requests in flight (default 8, at most 64).</source>
        <translation>Запросов в обработке (по умолчанию 8, не более 64).</translation>
    </message>
    <message>
        <source>Repeats of a request after 429, 5xx or a network error (default 3).</source>
        <translation>Повторы запроса после 429, 5xx или сетевой ошибки (по умолчанию 3).</translation>
    </message>
    <message>
        <source>Seconds per request (default 30).</source>
        <translation>Секунд на запрос (по умолчанию 30).</translation>
    </message>
    <message>
        <source>An extra request header, e.g. &apos;X-Scope-OrgID: team&apos; (repeatable; never stored or printed).</source>
        <translation>Дополнительный заголовок запроса, например &apos;X-Scope-OrgID: team&apos; (можно повторять; никогда не сохраняется и не выводится).</translation>
    </message>
    <message>
        <source>NAME:VALUE</source>
        <translation>ИМЯ:ЗНАЧЕНИЕ</translation>
    </message>
    <message>
        <source>Send &apos;Authorization: Bearer&apos; with the token in this environment variable.</source>
        <translation>Отправлять &apos;Authorization: Bearer&apos; с токеном из этой переменной окружения.</translation>
    </message>
    <message>
        <source>missing --jaeger URL (the query service, e.g. http://localhost:16686)</source>
        <translation>не указан --jaeger URL (сервис запросов, например http://localhost:16686)</translation>
    </message>
    <message>
        <source>--%1 expects a number from %2 to %3</source>
        <translation>--%1 ожидает число от %2 до %3</translation>
    </message>
    <message>
        <source>--header expects NAME:VALUE (got a header without a name or a colon)</source>
        <translation>--header ожидает ИМЯ:ЗНАЧЕНИЕ (получен заголовок без имени или без двоеточия)</translation>
    </message>
    <message>
        <source>--token-env: the environment variable %1 is not set</source>
        <translation>--token-env: переменная окружения %1 не задана</translation>
    </message>
    <message>
        <source>%L1 of %L2 traces answered…</source>
        <translation>получены ответы по %L1 из %L2 трасс…</translation>
    </message>
    <message>
        <source>fetch-traces failed: %1</source>
        <translation>ошибка fetch-traces: %1</translation>
    </message>
    <message>
        <source>fetch-traces failed (what was committed before stays): %1</source>
        <translation>ошибка fetch-traces (ранее зафиксированное сохраняется): %1</translation>
    </message>
    <message>
        <source>With --into: largest difference between the start of a file&apos;s generator and the run&apos;s, e.g. 500ms or 2s; &apos;off&apos; skips the check (default 1s).</source>
        <translation>С --into: наибольшая разница между стартом генератора файла и стартом прогона, например 500ms или 2s; &apos;off&apos; отключает проверку (по умолчанию 1s).</translation>
    </message>
    <message>
        <source>DURATION</source>
        <translation>ДЛИТЕЛЬНОСТЬ</translation>
    </message>
    <message>
        <source>--max-clock-offset expects a duration such as 500ms or 2s, or off</source>
        <translation>--max-clock-offset ожидает длительность, например 500ms или 2s, либо off</translation>
    </message>
    <message>
        <source>  generator %1 (%2): clock offset %3 ms</source>
        <translation>  генератор %1 (%2): смещение часов %3 мс</translation>
    </message>
    <message>
        <source>  start spread %1 ms</source>
        <translation>  разброс старта %1 мс</translation>
    </message>
    <message>
        <source>import refused, nothing was stored: %1</source>
        <translation>импорт отклонён, ничего не сохранено: %1</translation>
    </message>
    <message>
        <source>Merge the runs of several generators (workbench files from different machines, the same scenario) into one new run of --db: every attempt keeps its generator ID. The generators&apos; schedules must have started within --max-clock-offset of each other.</source>
        <translation>Объединить прогоны нескольких генераторов (файлы рабочего места с разных машин, один и тот же сценарий) в один новый прогон в --db: каждая попытка сохраняет ID своего генератора. Расписания генераторов должны начаться с разницей не более --max-clock-offset.</translation>
    </message>
    <message>
        <source>Name of the merged run (default: the first run&apos;s name + &quot; (merged)&quot;).</source>
        <translation>Имя объединённого прогона (по умолчанию: имя первого прогона + &quot; (merged)&quot;).</translation>
    </message>
    <message>
        <source>Largest difference between the generators&apos; start times, e.g. 500ms or 2s; &apos;off&apos; skips the check (default 1s).</source>
        <translation>Наибольшая разница между временем старта генераторов, например 500ms или 2s; &apos;off&apos; отключает проверку (по умолчанию 1s).</translation>
    </message>
    <message>
        <source>Workbench files, each FILE or FILE:RUN_ID.</source>
        <translation>Файлы рабочего места, каждый в виде ФАЙЛ или ФАЙЛ:ID_ПРОГОНА.</translation>
    </message>
    <message>
        <source>FILE[:RUN]…</source>
        <translation>ФАЙЛ[:ПРОГОН]…</translation>
    </message>
    <message>
        <source>name at least two workbench files to merge</source>
        <translation>укажите не менее двух файлов рабочего места для объединения</translation>
    </message>
    <message>
        <source>merge refused, nothing was stored: %1</source>
        <translation>объединение отклонено, ничего не сохранено: %1</translation>
    </message>
    <message>
        <source>merge failed, nothing was stored: %1</source>
        <translation>объединение не удалось, ничего не сохранено: %1</translation>
    </message>
    <message>
        <source>merged %1 requests, %2 spans into run %3</source>
        <translation>в прогон %3 объединено запросов: %1, спанов: %2</translation>
    </message>
    <message>
        <source>  %1: generator %2, %3 requests, clock offset %4 ms</source>
        <translation>  %1: генератор %2, запросов: %3, смещение часов %4 мс</translation>
    </message>
    <message>
        <source>  start spread %1 ms (limit %2)</source>
        <translation>  разброс старта %1 мс (предел %2)</translation>
    </message>
    <message>
        <source>off</source>
        <translation>выкл.</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>предупреждение: %1</translation>
    </message>
    <message>
        <source>Receive OTLP traces over HTTP (POST /v1/traces) and gRPC (TraceService/Export) into a workbench file until Ctrl+C.</source>
        <translation>Принимать трассы OTLP по HTTP (POST /v1/traces) и gRPC (TraceService/Export) в файл рабочего места до нажатия Ctrl+C.</translation>
    </message>
    <message>
        <source>OTLP/HTTP port (default 4318; 0 = off).</source>
        <translation>Порт OTLP/HTTP (по умолчанию 4318; 0 = выключен).</translation>
    </message>
    <message>
        <source>OTLP/gRPC port (default 4317, skipped with a warning when taken; 0 = off).</source>
        <translation>Порт OTLP/gRPC (по умолчанию 4317, если занят — пропускается с предупреждением; 0 = выключен).</translation>
    </message>
    <message>
        <source>OTLP/HTTP port, as before --http-port (0 = any free port).</source>
        <translation>Порт OTLP/HTTP, как до появления --http-port (0 = любой свободный порт).</translation>
    </message>
    <message>
        <source>both receivers are off: give --http-port or --grpc-port a port</source>
        <translation>оба приёмника выключены: задайте порт в --http-port или --grpc-port</translation>
    </message>
    <message>
        <source>cannot start the OTLP/HTTP receiver: %1</source>
        <translation>не удаётся запустить приёмник OTLP/HTTP: %1</translation>
    </message>
    <message>
        <source>cannot start the OTLP/gRPC receiver: %1</source>
        <translation>не удаётся запустить приёмник OTLP/gRPC: %1</translation>
    </message>
    <message>
        <source>warning: no OTLP/gRPC receiver: %1 (choose another with --grpc-port)</source>
        <translation>предупреждение: приёмник OTLP/gRPC не запущен: %1 (выберите другой порт с помощью --grpc-port)</translation>
    </message>
    <message>
        <source>OTLP/HTTP receiver on %1 (protobuf and JSON)</source>
        <translation>Приёмник OTLP/HTTP на %1 (protobuf и JSON)</translation>
    </message>
    <message>
        <source>OTLP/gRPC receiver on %1 (TraceService/Export)</source>
        <translation>Приёмник OTLP/gRPC на %1 (TraceService/Export)</translation>
    </message>
    <message>
        <source>For vLLM (and any OpenTelemetry SDK) set:</source>
        <translation>Для vLLM (и любого SDK OpenTelemetry) задайте:</translation>
    </message>
    <message>
        <source>or start vLLM with %1</source>
        <translation>или запустите vLLM с %1</translation>
    </message>
    <message>
        <source>writing to %1; Ctrl+C stops</source>
        <translation>запись в %1; Ctrl+C для остановки</translation>
    </message>
    <message>
        <source>refused %1 batches (HTTP 503 or gRPC UNAVAILABLE, exporters retry them): %2</source>
        <translation>отклонено пакетов: %1 (HTTP 503 или gRPC UNAVAILABLE, экспортёры повторят их): %2</translation>
    </message>
    <message>
        <source>%1 batches (%2 spans) were refused (HTTP 503, gRPC UNAVAILABLE) and left to the exporters to retry; last reason: %3</source>
        <translation>Пакетов отклонено (HTTP 503, gRPC UNAVAILABLE): %1 (спанов: %2), их повторят экспортёры; последняя причина: %3</translation>
    </message>
    <message>
        <source>Receive the server&apos;s spans over OTLP/HTTP on this port during the run (%1 is usual; default 0 = off).</source>
        <translation>Принимать спаны сервера по OTLP/HTTP на этом порту во время прогона (обычно %1; по умолчанию 0 = выключено).</translation>
    </message>
    <message>
        <source>Receive the server&apos;s spans over OTLP/gRPC on this port during the run (%1 is usual; default 0 = off).</source>
        <translation>Принимать спаны сервера по OTLP/gRPC на этом порту во время прогона (обычно %1; по умолчанию 0 = выключено).</translation>
    </message>
    <message>
        <source>OTLP/gRPC receiver on %1</source>
        <translation>Приёмник OTLP/gRPC на %1</translation>
    </message>
    <message>
        <source>OTLP/HTTP receiver on %1</source>
        <translation>Приёмник OTLP/HTTP на %1</translation>
    </message>
    <message>
        <source>Goodput (requests meeting every latency budget at once; budgets: %1):</source>
        <translation>Goodput (запросы, укладывающиеся во все бюджеты задержки одновременно; бюджеты: %1):</translation>
    </message>
    <message>
        <source>not available: %1</source>
        <translation>недоступно: %1</translation>
    </message>
    <message>
        <source>%1 of %2 requests: %3; %4 good req/s</source>
        <translation>%1 из %2 запросов: %3; %4 годных запр./с</translation>
    </message>
    <message>
        <source>not good: %1 did not complete, %2 over a budget, %3 without a budgeted value</source>
        <translation>негодные: не завершено %1, сверх бюджета %2, без значения для бюджета %3</translation>
    </message>
    <message>
        <source>per-request thresholds: %1</source>
        <translation>пороги на запрос: %1</translation>
    </message>
    <message>
        <source>Goodput against this budget file (default: the budgets stored with the run).</source>
        <translation>Goodput по этому файлу бюджетов (по умолчанию: бюджеты, сохранённые с прогоном).</translation>
    </message>
    <message>
        <source>importing: %1 (an import in progress, or one that failed; no command reads it, it is removed when the file is next opened after its import process has ended)</source>
        <translation>импортируется: %1 (импорт в процессе или завершившийся сбоем; ни одна команда не читает эти данные, они удаляются при следующем открытии файла после завершения процесса импорта)</translation>
    </message>
    <message>
        <source>Pool several models or scenarios into one figure (labelled pooled); by default a run with more than one is summarized per group.</source>
        <translation>Объединять несколько моделей или сценариев в одну величину (помечается как объединённая); по умолчанию прогон, в котором их больше одного, сводится по группам.</translation>
    </message>
    <message>
        <source>stages, models and scenarios are summarized separately, never pooled</source>
        <translation>этапы, модели и сценарии сводятся по отдельности и никогда не объединяются</translation>
    </message>
    <message>
        <source>pooled over %1 groups (--pool-groups)</source>
        <translation>объединено групп: %1 (--pool-groups)</translation>
    </message>
    <message>
        <source>dropped iterations: %1 (the stage&apos;s or run&apos;s recorded count, not rows of the window)</source>
        <translation>отброшенные итерации: %1 (записанное число для ступени или прогона, а не строки окна)</translation>
    </message>
    <message>
        <source>budgets: %1 (N %2, %3)</source>
        <translation>бюджеты: %1 (N %2, %3)</translation>
    </message>
    <message>
        <source>budgets (%1): %2</source>
        <translation>бюджеты (%1): %2</translation>
    </message>
    <message>
        <source>highest stage that met every budget: %1; knee: %2</source>
        <translation>наивысшая ступень, уложившаяся во все бюджеты: %1; колено: %2</translation>
    </message>
    <message>
        <source>CSV: write text cells as stored. By default a text cell starting with =, +, -, @, tab or CR gets a leading &apos; so that a spreadsheet does not run it as a formula (numbers are never changed).</source>
        <translation>CSV: записывать текстовые ячейки в том виде, в каком они хранятся. По умолчанию перед текстовой ячейкой, начинающейся с =, +, -, @, табуляции или CR, ставится &apos;, чтобы электронная таблица не выполнила её как формулу (числа никогда не изменяются).</translation>
    </message>
    <message>
        <source>stage %1: %2, N %3 (%4)</source>
        <translation>ступень %1: %2, N %3 (%4)</translation>
    </message>
    <message>
        <source>highest stage that met every budget: %1</source>
        <translation>наивысшая ступень, уложившаяся во все бюджеты: %1</translation>
    </message>
    <message>
        <source>Evaluate a run&apos;s budgets and gates. Exit codes: 0 all pass, 3 a budget or gate failed, 4 cannot decide (a percentile&apos;s interval across its threshold, join coverage too low, a phase not measured), 1 error, 2 usage.</source>
        <translation>Оценить бюджеты и гейты прогона. Коды выхода: 0 — всё пройдено, 3 — провален бюджет или гейт, 4 — невозможно решить (интервал перцентиля пересекает его порог, слишком низкое покрытие сопоставления, фаза не измерена), 1 — ошибка, 2 — неверное использование.</translation>
    </message>
    <message>
        <source>--header %1: the value holds a line break (CR or LF); a header is one line</source>
        <translation>--header %1: значение содержит перевод строки (CR или LF); заголовок занимает одну строку</translation>
    </message>
    <message>
        <source>--token-env: the environment variable %1 holds a line break (CR or LF); a header value must be one line</source>
        <translation>--token-env: переменная окружения %1 содержит перевод строки (CR или LF); значение заголовка должно занимать одну строку</translation>
    </message>
    <message>
        <source>--otlp expects an http:// URL without user-info (the exporter sends no credentials), e.g. http://127.0.0.1:4318</source>
        <translation>--otlp ожидает URL вида http:// без данных пользователя (user-info; экспортёр не отправляет учётные данные), например http://127.0.0.1:4318</translation>
    </message>
    <message>
        <source>--db: the path &apos;%1&apos; is not valid UTF-8 (the character shown as %2 stands for a byte that is not); rename the file or its folder to UTF-8, or give a path through a symbolic link whose name is UTF-8</source>
        <translation>--db: путь &apos;%1&apos; не является допустимым UTF-8 (символ, показанный как %2, обозначает недопустимый байт); переименуйте файл или его папку в UTF-8 либо укажите путь через символическую ссылку с именем в UTF-8</translation>
    </message>
    <message>
        <source>Seconds of load after the warm-up (default: steady 32; stepped as long as 45 steady requests per stage take after a 5 s settle, 55 at 3,5,7,9). The stepped profile shares them so that each stage holds the same number of steady requests.</source>
        <translation>Секунды нагрузки после прогрева (по умолчанию: steady — 32; stepped — столько, сколько занимают 45 запросов установившегося окна на ступень после стабилизации 5 с, 55 при 3,5,7,9). Ступенчатый профиль распределяет их так, чтобы на каждой ступени было одинаковое число запросов установившегося окна.</translation>
    </message>
    <message>
        <source>  (gpu_queue %1 is the knee rule&apos;s figure; &quot;budgets met&quot; is decided at the budgets&apos; %2)</source>
        <translation>  (gpu_queue %1 — показатель правила излома; «бюджеты выполнены» решается по %2 бюджетов)</translation>
    </message>
    <message>
        <source>Markdown: also draw the charts, as PNG files beside the report (needs the GUI libraries; offscreen without a display). PDF and HTML always have them.</source>
        <translation>Markdown: также нарисовать графики в виде PNG-файлов рядом с отчётом (нужны графические библиотеки; без дисплея — offscreen). В PDF и HTML они есть всегда.</translation>
    </message>
    <message>
        <source>The server&apos;s trace-sampling policy, recorded with the run: head, tail, head+tail, all (no sampling) or unknown (default).</source>
        <translation>Политика сэмплирования трасс на сервере, записываемая вместе с прогоном: head, tail, head+tail, all (без сэмплирования) или unknown (по умолчанию).</translation>
    </message>
    <message>
        <source>POLICY</source>
        <translation>ПОЛИТИКА</translation>
    </message>
    <message>
        <source>With --sampling head or head+tail: the share of traces kept, e.g. 0.1.</source>
        <translation>С --sampling head или head+tail: доля сохраняемых трасс, например 0.1.</translation>
    </message>
    <message>
        <source>RATIO</source>
        <translation>ДОЛЯ</translation>
    </message>
    <message>
        <source>With --sampling tail or head+tail: the tail rules as one line, e.g. &apos;errors; duration &gt; 2s; 5% of the rest&apos;.</source>
        <translation>С --sampling tail или head+tail: правила хвостового сэмплирования одной строкой, например &apos;errors; duration &gt; 2s; 5% of the rest&apos;.</translation>
    </message>
    <message>
        <source>TEXT</source>
        <translation>ТЕКСТ</translation>
    </message>
    <message>
        <source>--sampling expects head, tail, head+tail, all or unknown</source>
        <translation>--sampling ожидает head, tail, head+tail, all или unknown</translation>
    </message>
    <message>
        <source>--head-ratio expects a number greater than 0 and at most 1, e.g. 0.1</source>
        <translation>--head-ratio ожидает число больше 0 и не больше 1, например 0.1</translation>
    </message>
    <message>
        <source>--sampling: %1</source>
        <translation>--sampling: %1</translation>
    </message>
    <message>
        <source>NOT MEASURABLE ON THIS ROUTE</source>
        <translation>НЕ ИЗМЕРИМО НА ЭТОМ МАРШРУТЕ</translation>
    </message>
    <message>
        <source>--head-ratio and --tail-rules need --sampling</source>
        <translation>--head-ratio и --tail-rules требуют --sampling</translation>
    </message>
    <message>
        <source>%1 of %2 over-budget requests are dominated by %3 (%4); by %5, against the typical values of the %6 (N %7):</source>
        <translation>%1 из %2 запросов сверх бюджета определяются фазой %3 (%4); по %5, относительно типичных значений: %6 (N %7):</translation>
    </message>
    <message>
        <source>seq %1</source>
        <translation>seq %1</translation>
    </message>
    <message>
        <source>%1: %2 (%3, interval %4-%5), owner %6, typical %7 ms; worst: %8</source>
        <translation>%1: %2 (%3, интервал %4-%5), владелец %6, типично %7 мс; худшие: %8</translation>
    </message>
    <message>
        <source>%1 of %2 over-budget requests have no measured %3 and are counted apart</source>
        <translation>%1 из %2 запросов сверх бюджета не имеют измеренных %3 и учитываются отдельно</translation>
    </message>
    <message>
        <source>Compare two requests, TRACE_ID A then B: the per-phase delta table (B - A), chunk gaps and the target&apos;s gauges at each start. Without IDs, with --run: the p50 and p99 exemplars of total.</source>
        <translation>Сравнить два запроса, TRACE_ID A, затем B: таблица разниц по фазам (B - A), интервалы между фрагментами и показатели цели в начале каждого. Без ID, с --run: экземпляры p50 и p99 по total.</translation>
    </message>
    <message>
        <source>not scraped</source>
        <translation>не собрано</translation>
    </message>
    <message>
        <source>no request of run %1 has trace %2</source>
        <translation>ни один запрос прогона %1 не имеет трассы %2</translation>
    </message>
    <message>
        <source>no request in this file has trace %1</source>
        <translation>ни один запрос в этом файле не имеет трассы %1</translation>
    </message>
    <message>
        <source>--compare takes two TRACE_IDs (A then B), or none with --run for the p50 and p99 exemplars of total</source>
        <translation>--compare принимает два TRACE_ID (A, затем B) или ни одного с --run для экземпляров p50 и p99 по total</translation>
    </message>
    <message>
        <source>run %1 has no completed request with a total to take exemplars from</source>
        <translation>в прогоне %1 нет завершённого запроса с total, из которого можно взять экземпляры</translation>
    </message>
    <message>
        <source>%1: trace %2, run %3 (%4), request %5, stage %6, %7, total %8 ms</source>
        <translation>%1: трасса %2, прогон %3 (%4), запрос %5, этап %6, %7, total %8 мс</translation>
    </message>
    <message>
        <source>A is the p50 exemplar (rank %1), B the p99 exemplar (rank %2) of total, %3</source>
        <translation>A — экземпляр p50 (ранг %1), B — экземпляр p99 (ранг %2) по total, %3</translation>
    </message>
    <message>
        <source>no delta table: a request has no total</source>
        <translation>нет таблицы разниц: у одного из запросов нет total</translation>
    </message>
    <message>
        <source>delta table (%1 partition; unattributed = total - the other rows):</source>
        <translation>таблица разниц (разбиение %1; без атрибуции = total - остальные строки):</translation>
    </message>
    <message>
        <source>phase</source>
        <translation>фаза</translation>
    </message>
    <message>
        <source>A ms</source>
        <translation>A мс</translation>
    </message>
    <message>
        <source>B ms</source>
        <translation>B мс</translation>
    </message>
    <message>
        <source>B-A ms</source>
        <translation>B-A мс</translation>
    </message>
    <message>
        <source>chunk gaps (ms):</source>
        <translation>интервалы между фрагментами (мс):</translation>
    </message>
    <message>
        <source>target at each start (last scrape at or before it):</source>
        <translation>цель в начале каждого (последний сбор метрик в этот момент или раньше):</translation>
    </message>
    <message>
        <source>Compare TRACE_ID (B) with the request of this run that sent the same prompt (A): the first completed request with its prompt_ref. Both runs must come from the same scenario (the same scenario digest; the same seed when prompts are sampled or generated). Prints the delta table of --compare.</source>
        <translation>Сравнить TRACE_ID (B) с запросом этого прогона, отправившим тот же промпт (A): первым завершённым запросом с его prompt_ref. Оба прогона должны быть из одного сценария (тот же дайджест сценария; то же зерно, если промпты выбираются или генерируются). Выводит таблицу разниц, как --compare.</translation>
    </message>
    <message>
        <source>--compare and --baseline-run pick the pair in different ways: use one</source>
        <translation>--compare и --baseline-run выбирают пару по-разному: используйте один из них</translation>
    </message>
    <message>
        <source>A: baseline run %1, same prompt (ref %2): its first completed request of %3 with the ref</source>
        <translation>A: базовый прогон %1, тот же промпт (ссылка %2): его первый завершённый запрос из %3 с этой ссылкой</translation>
    </message>
    <message>
        <source>--baseline-run takes one TRACE_ID, the request B of the comparison</source>
        <translation>--baseline-run принимает один TRACE_ID — запрос B сравнения</translation>
    </message>
    <message>
        <source>run %1 is not in this file</source>
        <translation>прогона %1 нет в этом файле</translation>
    </message>
    <message>
        <source>no same-prompt pair: %1</source>
        <translation>нет пары с тем же промптом: %1</translation>
    </message>
    <message>
        <source>generator CPU</source>
        <translation>CPU генератора</translation>
    </message>
    <message>
        <source>%1 us per request (engine %2 us, writer %3 us)</source>
        <translation>%1 мкс на запрос (движок %2 мкс, запись %3 мкс)</translation>
    </message>
    <message>
        <source>Server timings the gateway returns with each response: none (default), vllm (a metrics object in the body and the final usage chunk) or tgi (x-*-time headers on non-streamed responses).</source>
        <translation>Серверные тайминги, которые шлюз возвращает с каждым ответом: none (по умолчанию), vllm (объект metrics в теле и в последнем фрагменте usage) или tgi (заголовки x-*-time в ответах без потоковой передачи).</translation>
    </message>
    <message>
        <source>--server-timings expects none, vllm or tgi (got &apos;%1&apos;)</source>
        <translation>--server-timings ожидает none, vllm или tgi (получено &apos;%1&apos;)</translation>
    </message>
    <message>
        <source>%1 from response metrics</source>
        <translation>%1 из метрик ответа</translation>
    </message>
    <message>
        <source>%1 from response headers</source>
        <translation>%1 из заголовков ответа</translation>
    </message>
    <message>
        <source>Server timings on %1 of %2 attempts (profile %3; %4); server phases from spans on %5, from the responses on %6</source>
        <translation>Тайминги сервера в %1 из %2 попыток (профиль %3; %4); фазы сервера из спанов в %5, из ответов в %6</translation>
    </message>
    <message>
        <source>  both sources on %1 attempts: %2 spans - response median %3 ms, p95 |difference| %4 ms</source>
        <translation>  оба источника в %1 попытках: %2 спаны - ответ, медиана %3 мс, p95 |разницы| %4 мс</translation>
    </message>
    <message>
        <source>join: the run has no server spans or response timings; joined phases are not available</source>
        <translation>join: в прогоне нет спанов сервера и таймингов в ответах; объединённые фазы недоступны</translation>
    </message>
    <message>
        <source>server timings</source>
        <translation>тайминги сервера</translation>
    </message>
    <message>
        <source>profile %1: on %2 of %3 attempts, %4 malformed fields</source>
        <translation>профиль %1: в %2 из %3 попыток, некорректных полей: %4</translation>
    </message>
    <message>
        <source>met</source>
        <translation>выполнен</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>не выполнен</translation>
    </message>
    <message>
        <source>cannot decide</source>
        <translation>нельзя решить</translation>
    </message>
    <message>
        <source>not measurable</source>
        <translation>не измеряется</translation>
    </message>
    <message>
        <source>(interval %1-%2)</source>
        <translation>(интервал %1-%2)</translation>
    </message>
    <message>
        <source>Capacity search: stepped run %1 in %2</source>
        <translation>Поиск пропускной способности: ступенчатый прогон %1 в %2</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>ступень</translation>
    </message>
    <message>
        <source>rate/s</source>
        <translation>частота/с</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>вердикт</translation>
    </message>
    <message>
        <source>note</source>
        <translation>примечание</translation>
    </message>
    <message>
        <source>stopped early: %1</source>
        <translation>остановлена раньше: %1</translation>
    </message>
    <message>
        <source>Highest rate that met every budget: %1 req/s (stage %2)</source>
        <translation>Наибольшая частота, выдержавшая все бюджеты: %1 запр./с (ступень %2)</translation>
    </message>
    <message>
        <source>No rate tried met every budget.</source>
        <translation>Ни одна опробованная частота не выдержала все бюджеты.</translation>
    </message>
    <message>
        <source>Next step: %1 req/s (stage %2) %3</source>
        <translation>Следующий шаг: %1 запр./с (ступень %2) %3</translation>
    </message>
    <message>
        <source>The capacity lies between %1 and %2 req/s.</source>
        <translation>Пропускная способность лежит между %1 и %2 запр./с.</translation>
    </message>
    <message>
        <source>What broke there: %1; owner: %2</source>
        <translation>Что нарушено там: %1; владелец: %2</translation>
    </message>
    <message>
        <source>Search ended: %1 (%2 stages, %3 s, %4 requests planned).</source>
        <translation>Поиск завершён: %1 (ступеней: %2, %3 с, запланировано запросов: %4).</translation>
    </message>
    <message>
        <source>Find the highest arrival rate that meets the budgets: short stages at growing rates until one does not, then bisection to a precision, within a time and a request budget. Every stage is kept in one stepped run, decided as `check` decides it.</source>
        <translation>Найти наибольшую частоту поступления, при которой выполняются бюджеты: короткие ступени с растущей частотой, пока одна не нарушит их, затем деление пополам до заданной точности, в пределах бюджета времени и запросов. Каждая ступень сохраняется в одном ступенчатом прогоне и решается так, как решает `check`.</translation>
    </message>
    <message>
        <source>Scenario file (JSON, an open executor; its stages are replaced). Optional with --demo.</source>
        <translation>Файл сценария (JSON, открытый исполнитель; его ступени заменяются). С --demo необязателен.</translation>
    </message>
    <message>
        <source>Budget file (JSON, docs/budgets.md); with --demo the demo&apos;s budgets by default.</source>
        <translation>Файл бюджетов (JSON, docs/budgets.md); с --demo по умолчанию бюджеты демо.</translation>
    </message>
    <message>
        <source>Run against the built-in demo gateway (its spans received on loopback).</source>
        <translation>Запуск против встроенного демо-шлюза (его спаны принимаются на loopback).</translation>
    </message>
    <message>
        <source>First rate, req/s (default: the scenario&apos;s first stage rate).</source>
        <translation>Первая частота, запр./с (по умолчанию: частота первой ступени сценария).</translation>
    </message>
    <message>
        <source>Factor between rates until one fails (default 2).</source>
        <translation>Множитель между частотами, пока одна не нарушит бюджеты (по умолчанию 2).</translation>
    </message>
    <message>
        <source>G</source>
        <translation>G</translation>
    </message>
    <message>
        <source>Bisect until the bracket is this narrow: req/s, or a share of the rate as &quot;10%&quot; (default 10%).</source>
        <translation>Делить пополам, пока интервал не станет таким узким: запр./с или доля частоты, например &quot;10%&quot; (по умолчанию 10%).</translation>
    </message>
    <message>
        <source>Highest rate to try, req/s (default 10000).</source>
        <translation>Наибольшая частота для пробы, запр./с (по умолчанию 10000).</translation>
    </message>
    <message>
        <source>Time budget of the whole search, seconds (default 600).</source>
        <translation>Бюджет времени всего поиска, секунды (по умолчанию 600).</translation>
    </message>
    <message>
        <source>Request budget of the whole search (default 20000).</source>
        <translation>Бюджет запросов всего поиска (по умолчанию 20000).</translation>
    </message>
    <message>
        <source>Steady requests per stage (default: what the budgets&apos; percentiles need, plus a quarter).</source>
        <translation>Устоявшихся запросов на ступень (по умолчанию: сколько нужно перцентилям бюджетов, плюс четверть).</translation>
    </message>
    <message>
        <source>Receive the server&apos;s spans over OTLP/HTTP on this port during each stage (default 0 = off; any free port with --demo).</source>
        <translation>Принимать спаны сервера по OTLP/HTTP на этом порту во время каждой ступени (по умолчанию 0 = выкл.; с --demo любой свободный порт).</translation>
    </message>
    <message>
        <source>Run name (default: the scenario&apos;s name + &quot; (capacity)&quot;).</source>
        <translation>Имя прогона (по умолчанию: имя сценария + &quot; (capacity)&quot;).</translation>
    </message>
    <message>
        <source>No progress lines.</source>
        <translation>Без строк прогресса.</translation>
    </message>
    <message>
        <source>expected one scenario file (or --demo)</source>
        <translation>ожидался один файл сценария (или --demo)</translation>
    </message>
    <message>
        <source>--budgets is required: the search decides each stage by them</source>
        <translation>--budgets обязателен: поиск решает каждую ступень по ним</translation>
    </message>
    <message>
        <source>--growth expects a factor above 1</source>
        <translation>--growth ожидает множитель больше 1</translation>
    </message>
    <message>
        <source>--precision expects req/s above 0, or a share such as 10%</source>
        <translation>--precision ожидает запр./с больше 0 или долю, например 10%</translation>
    </message>
    <message>
        <source>--slots sets the demo gateway&apos;s pool; it needs --demo</source>
        <translation>--slots задаёт пул демо-шлюза; нужен --demo</translation>
    </message>
    <message>
        <source>stage %1: %2 req/s for %3 s</source>
        <translation>ступень %1: %2 запр./с в течение %3 с</translation>
    </message>
    <message>
        <source>stage %1: %2%3</source>
        <translation>ступень %1: %2%3</translation>
    </message>
    <message>
        <source> (stopped early: %1)</source>
        <translation> (остановлена раньше: %1)</translation>
    </message>
    <message>
        <source>Search for the highest arrival rate that meets the budgets.</source>
        <translation>Найти наибольшую частоту поступления, при которой выполняются бюджеты.</translation>
    </message>
    <message>
        <source>Give the demo inference pool a prefix cache: prompt blocks seen before are reported as cached_tokens and not prefilled again.</source>
        <translation>Дать пулу инференса демо кэш префиксов: уже встречавшиеся блоки промпта сообщаются как cached_tokens и не проходят prefill повторно.</translation>
    </message>
    <message>
        <source>Give the inference pool a prefix cache: prompt blocks seen before are reported as cached_tokens and not prefilled again.</source>
        <translation>Дать пулу инференса кэш префиксов: уже встречавшиеся блоки промпта сообщаются как cached_tokens и не проходят prefill повторно.</translation>
    </message>
    <message>
        <source>--prefix-cache expects all, hit or miss</source>
        <translation>--prefix-cache ожидает all, hit или miss</translation>
    </message>
    <message>
        <source>Prefix-cache population: all (default), hit (cached_input_tokens &gt; 0) or miss.</source>
        <translation>Совокупность по кэшу префиксов: all (по умолчанию), hit (cached_input_tokens &gt; 0) или miss.</translation>
    </message>
    <message>
        <source>Prefix cache: cached-token share %1% (%2 of %3 input tokens); %4 of %5 requests hit</source>
        <translation>Кэш префиксов: доля кэшированных токенов %1% (%2 из %3 входных токенов); попаданий: %4 из %5 запросов</translation>
    </message>
    <message>
        <source>hit</source>
        <translation>попадание</translation>
    </message>
    <message>
        <source>miss</source>
        <translation>промах</translation>
    </message>
    <message>
        <source>  %1 (%2 ms): N %3, p50 %4, p95 %5</source>
        <translation>  %1 (%2 мс): N %3, p50 %4, p95 %5</translation>
    </message>
    <message>
        <source>sessions</source>
        <translation>сессии</translation>
    </message>
    <message>
        <source>%1 stopped by the run&apos;s end before their last turn</source>
        <translation>%1 остановлено окончанием прогона до последнего хода</translation>
    </message>
</context>
<context>
    <name>pb::diagnose</name>
    <message>
        <source>The stepped run passed its knee: queue time grows faster than the arrival rate, and throughput stops following it.</source>
        <translation>Ступенчатый прогон прошёл своё колено: время в очереди растёт быстрее интенсивности поступления, а пропускная способность перестаёт за ней следовать.</translation>
    </message>
    <message>
        <source>Size capacity for the highest stage that met the budgets; check compute slots, batch policy and admission control.</source>
        <translation>Рассчитайте мощность на наивысшую ступень, уложившуюся в бюджеты; проверьте вычислительные слоты, политику батчей и контроль допуска.</translation>
    </message>
    <message>
        <source>client/network</source>
        <translation>клиент/сеть</translation>
    </message>
    <message>
        <source>gateway</source>
        <translation>шлюз</translation>
    </message>
    <message>
        <source>inference pool/queue</source>
        <translation>пул/очередь инференса</translation>
    </message>
    <message>
        <source>model generation</source>
        <translation>генерация модели</translation>
    </message>
    <message>
        <source>response transfer</source>
        <translation>передача ответа</translation>
    </message>
    <message>
        <source>telemetry/measurement</source>
        <translation>телеметрия/измерение</translation>
    </message>
    <message>
        <source>Connection set-up (connect, TLS) rose while the server spans stayed flat.</source>
        <translation>Установка соединения (connect, TLS) выросла, а спаны сервера остались на прежнем уровне.</translation>
    </message>
    <message>
        <source>Check connection reuse (keep-alive), socket limits and the load generator&apos;s CPU; a load balancer may be closing sessions.</source>
        <translation>Проверьте повторное использование соединений (keep-alive), лимиты сокетов и загрузку CPU генератора нагрузки; балансировщик нагрузки может закрывать сессии.</translation>
    </message>
    <message>
        <source>Gateway time rose while the GPU queue stayed flat.</source>
        <translation>Время шлюза выросло, а очередь GPU осталась на прежнем уровне.</translation>
    </message>
    <message>
        <source>Check the gateway&apos;s child spans and CPU: rate limiting, serialisation, masking, too few replicas.</source>
        <translation>Проверьте дочерние спаны и CPU шлюза: ограничение частоты, сериализацию, маскирование, слишком малое число реплик.</translation>
    </message>
    <message>
        <source>GPU queue time rose while generation per output token stayed flat: the inference pool is saturated.</source>
        <translation>Время в очереди GPU выросло, а генерация на выходной токен осталась на прежнем уровне: пул инференса перегружен.</translation>
    </message>
    <message>
        <source>Check pool capacity (compute slots), batch policy, queue length, the output-token limit and admission control; a gateway timeout only turns slow responses into fast errors.</source>
        <translation>Проверьте мощность пула (вычислительные слоты), политику батчей, длину очереди, лимит выходных токенов и контроль допуска; тайм-аут на шлюзе лишь превращает медленные ответы в быстрые ошибки.</translation>
    </message>
    <message>
        <source>Generation time per output token rose with concurrency: the batch is too aggressive or memory is under pressure.</source>
        <translation>Время генерации на выходной токен выросло с ростом параллелизма: батч слишком агрессивен или не хватает памяти.</translation>
    </message>
    <message>
        <source>Check the scheduler&apos;s batch size, GPU memory and the token profile; reduce max tokens at the same arrival rate.</source>
        <translation>Проверьте размер батча планировщика, память GPU и профиль токенов; уменьшите максимум токенов при той же интенсивности поступления.</translation>
    </message>
    <message>
        <source>Time to first token rose while the total barely changed: the wait before output grew and the output is short.</source>
        <translation>Время до первого токена выросло, а итог почти не изменился: ожидание до начала вывода увеличилось, а сам вывод короткий.</translation>
    </message>
    <message>
        <source>Look at the queue and the prefill separately (server spans), and at the input-token profile.</source>
        <translation>Изучите очередь и prefill по отдельности (спаны сервера), а также профиль входных токенов.</translation>
    </message>
    <message>
        <source>The client total rose while the server root span did not: the time is spent outside the root span.</source>
        <translation>Итог клиента вырос, а корневой спан сервера — нет: время тратится вне корневого спана.</translation>
    </message>
    <message>
        <source>Check the root span&apos;s boundary (does it end after the response write?), the body size and the load balancer.</source>
        <translation>Проверьте границу корневого спана (заканчивается ли он после записи ответа?), размер тела и балансировщик нагрузки.</translation>
    </message>
    <message>
        <source>Unattributed server time grew: part of the root span has no phase span.</source>
        <translation>Неотнесённое время сервера выросло: у части корневого спана нет спана фазы.</translation>
    </message>
    <message>
        <source>Check for missing child spans (a new code path, a dropped span) and the span rules that map names to phases.</source>
        <translation>Проверьте, нет ли недостающих дочерних спанов (новый путь кода, отброшенный спан), и правила спанов, сопоставляющие имена с фазами.</translation>
    </message>
    <message>
        <source>Fewer events than in the baseline: a better percentile may only mean that events went missing.</source>
        <translation>Событий меньше, чем в базовой линии: лучший перцентиль может означать лишь то, что события потерялись.</translation>
    </message>
    <message>
        <source>Check dropped iterations, the import and the sampling before comparing percentiles.</source>
        <translation>Перед сравнением перцентилей проверьте пропущенные итерации, импорт и сэмплирование.</translation>
    </message>
    <message>
        <source>Join coverage is low: server phases describe only part of the requests.</source>
        <translation>Низкое покрытие сопоставления: серверные фазы описывают лишь часть запросов.</translation>
    </message>
    <message>
        <source>Check that every hop forwards traceparent, the span export (dropped spans, exporter queue) and the server&apos;s sampling policy.</source>
        <translation>Проверьте, что каждый узел передаёт traceparent, экспорт спанов (отброшенные спаны, очередь экспортёра) и политику сэмплирования сервера.</translation>
    </message>
    <message>
        <source>Negative network envelopes: the client total is shorter than the server root span.</source>
        <translation>Отрицательные сетевые оболочки: итог клиента короче корневого спана сервера.</translation>
    </message>
    <message>
        <source>Check span boundaries, units and the join; a negative envelope never means a faster network.</source>
        <translation>Проверьте границы спанов, единицы и сопоставление; отрицательная оболочка никогда не означает более быструю сеть.</translation>
    </message>
    <message>
        <source>Trace-ID collisions: several attempts share a trace ID, which joins independent histories.</source>
        <translation>Коллизии trace ID: несколько попыток имеют общий trace ID, из-за чего объединяются независимые истории.</translation>
    </message>
    <message>
        <source>Check the trace-ID generator: random 128-bit IDs, the generator instance in the high bits.</source>
        <translation>Проверьте генератор trace ID: случайные 128-битные ID, экземпляр генератора в старших битах.</translation>
    </message>
    <message>
        <source>Dropped iterations: the run did not deliver its promised load, so its percentiles belong to a lower rate.</source>
        <translation>Пропущенные итерации: прогон не обеспечил заявленную нагрузку, поэтому его перцентили относятся к более низкой интенсивности.</translation>
    </message>
    <message>
        <source>Raise pre-allocated and maximum in-flight requests, or lower the rate to what the generator can sustain.</source>
        <translation>Увеличьте число заранее выделенных и максимальное число одновременных запросов или снизьте интенсивность до той, которую выдерживает генератор.</translation>
    </message>
    <message>
        <source>Completed requests without a completion event (no total, or a stream without done).</source>
        <translation>Завершённые запросы без события завершения (нет итога или поток без done).</translation>
    </message>
    <message>
        <source>Check the stream parser and the importer&apos;s mapping of the end event; these requests are missing from the latency figures.</source>
        <translation>Проверьте парсер потока и сопоставление конечного события в импортёре; эти запросы отсутствуют в показателях задержки.</translation>
    </message>
    <message>
        <source>The server keeps mostly slow traces: joined requests are much slower than the rest, so joined phases describe the tail only.</source>
        <translation>Сервер сохраняет в основном медленные трассы: сопоставленные запросы намного медленнее остальных, поэтому сопоставленные фазы описывают только хвост.</translation>
    </message>
    <message>
        <source>Check the tail-sampling policy; enable coordinated sampling for the controlled run and record its rate.</source>
        <translation>Проверьте политику хвостового сэмплирования; включите согласованное сэмплирование для контролируемого прогона и запишите его частоту.</translation>
    </message>
    <message>
        <source>Slow before the response headers.</source>
        <translation>Медленно до заголовков ответа.</translation>
    </message>
    <message>
        <source>Check the route, admission, network, region and load before optimising the client.</source>
        <translation>Проверьте маршрут, допуск, сеть, регион и нагрузку, прежде чем оптимизировать клиент.</translation>
    </message>
    <message>
        <source>Fast headers but a slow first effective output.</source>
        <translation>Быстрые заголовки, но медленный первый полезный вывод.</translation>
    </message>
    <message>
        <source>Check the model queue, prefill, reasoning start and requests in flight.</source>
        <translation>Проверьте очередь модели, prefill, начало рассуждения и число запросов в обработке.</translation>
    </message>
    <message>
        <source>Fast first event but slow output: the early events are metadata or heartbeats.</source>
        <translation>Быстрое первое событие, но медленный вывод: ранние события — это метаданные или heartbeat-сообщения.</translation>
    </message>
    <message>
        <source>Check what the early events carry (metadata, heartbeats while queued, reasoning start); an event is not a token.</source>
        <translation>Проверьте, что несут ранние события (метаданные, heartbeat-сообщения в очереди, начало рассуждения); событие — это не токен.</translation>
    </message>
    <message>
        <source>Fast effective action but slow visible text: reasoning or tool calls come first.</source>
        <translation>Быстрое полезное действие, но медленный видимый текст: сначала идут рассуждения или вызовы инструментов.</translation>
    </message>
    <message>
        <source>Investigate reasoning effort and tool calls; a longer header timeout does not change this pattern.</source>
        <translation>Изучите глубину рассуждений и вызовы инструментов; более длинный тайм-аут заголовков не меняет эту картину.</translation>
    </message>
    <message>
        <source>Fast first text but a low visible output rate: the stream starts quickly and then generates slowly.</source>
        <translation>Быстрый первый текст, но низкая скорость видимого вывода: поток начинается быстро, а затем генерация идёт медленно.</translation>
    </message>
    <message>
        <source>Compare output length, context, channel, requests in flight and provider (decode, contention); a first-output timeout will not catch it.</source>
        <translation>Сравните длину вывода, контекст, канал, число запросов в обработке и провайдера (декодирование, конкуренция за ресурсы); тайм-аут первого вывода этого не поймает.</translation>
    </message>
    <message>
        <source>A phase broke its budget.</source>
        <translation>Фаза нарушила свой бюджет.</translation>
    </message>
    <message>
        <source>Start with the phase&apos;s owner; the other findings say what moved.</source>
        <translation>Начните с ответственного за фазу; остальные выводы показывают, что изменилось.</translation>
    </message>
    <message>
        <source>The load generator could not start requests on time: the latency figures are not those of an open-model test at the requested rate.</source>
        <translation>Генератор нагрузки не успевал запускать запросы вовремя: задержки не соответствуют тесту открытой модели при запрошенной интенсивности.</translation>
    </message>
    <message>
        <source>Lower the rate, run the generator on a machine with free cores, or split the load over several generators; check generator_cpu_s.</source>
        <translation>Снизьте интенсивность, запустите генератор на машине со свободными ядрами или распределите нагрузку между несколькими генераторами; проверьте generator_cpu_s.</translation>
    </message>
    <message>
        <source>Requests queued on the server while the running requests stayed at their cap: the inference pool is saturated.</source>
        <translation>Запросы вставали в очередь на сервере, пока число выполняющихся запросов оставалось на пределе: пул инференса перегружен.</translation>
    </message>
    <message>
        <source>Generation time per output token rises with the server&apos;s batch size: the batch is too aggressive or memory is under pressure.</source>
        <translation>Время генерации на выходной токен растёт с размером батча сервера: батч слишком агрессивен или не хватает памяти.</translation>
    </message>
    <message>
        <source>Upstream is normal but the local fields are slow: connection set-up, sending the request, auth, channel selection or the body read.</source>
        <translation>Удалённая сторона в норме, но локальные поля медленные: установка соединения, отправка запроса, аутентификация, выбор канала или чтение тела запроса.</translation>
    </message>
    <message>
        <source>Check the slowest local field: connection pool, DNS, TLS and upload (client); auth and channel or policy selection (gateway); the request body read (a slow upload).</source>
        <translation>Проверьте самое медленное локальное поле: пул соединений, DNS, TLS и отправку (клиент); аутентификацию и выбор канала или политики (шлюз); чтение тела запроса (медленная отправка).</translation>
    </message>
    <message>
        <source>external provider</source>
        <translation>внешний провайдер</translation>
    </message>
    <message>
        <source>Most requests over a budget are dominated by one phase.</source>
        <translation>Большинство запросов сверх бюджета определяются одной фазой.</translation>
    </message>
    <message>
        <source>Start with that phase&apos;s owner, and open the worst requests of each phase in the Waterfall.</source>
        <translation>Начните с владельца этой фазы и откройте худшие запросы каждой фазы в диаграмме-водопаде.</translation>
    </message>
    <message>
        <source>TTFT fell because more requests hit the prefix cache: the cached share rose while the TTFT of uncached requests stayed flat.</source>
        <translation>TTFT снизился, потому что больше запросов попало в кэш префиксов: доля кэшированных выросла, а TTFT некэшированных запросов не изменился.</translation>
    </message>
    <message>
        <source>Compare cached and uncached requests apart (stats --prefix-cache hit, miss): the server is not faster, more prompts share a cached prefix.</source>
        <translation>Сравнивайте кэшированные и некэшированные запросы раздельно (stats --prefix-cache hit, miss): сервер не стал быстрее, больше промптов разделяют кэшированный префикс.</translation>
    </message>
    <message>
        <source>TTFT rose because fewer requests hit the prefix cache: the cached share fell while the TTFT of uncached requests stayed flat.</source>
        <translation>TTFT вырос, потому что меньше запросов попало в кэш префиксов: доля кэшированных упала, а TTFT некэшированных запросов не изменился.</translation>
    </message>
    <message>
        <source>Check the prompt mix and the prefix cache (its size, evictions and hit rate on /metrics): fewer prompts share a cached prefix.</source>
        <translation>Проверьте состав промптов и кэш префиксов (его размер, вытеснения и долю попаданий в /metrics): меньше промптов разделяют кэшированный префикс.</translation>
    </message>
    <message>
        <source>TTFT rose among uncached requests too (a like-for-like population): the queue or the prefill, not the prefix-cache mix.</source>
        <translation>TTFT вырос и среди некэшированных запросов (сопоставимая совокупность): дело в очереди или prefill, а не в составе по кэшу префиксов.</translation>
    </message>
    <message>
        <source>Check the queue in front of the model (gpu_queue, waiting requests) and the prefill time; the prefix cache does not explain this rise.</source>
        <translation>Проверьте очередь перед моделью (gpu_queue, ожидающие запросы) и время prefill; кэш префиксов не объясняет этот рост.</translation>
    </message>
</context>
<context>
    <name>pb::report</name>
    <message>
        <source>PASS</source>
        <translation>ПРОЙДЕНО</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>ПРОВАЛ</translation>
    </message>
    <message>
        <source>CANNOT DECIDE</source>
        <translation>НЕВОЗМОЖНО РЕШИТЬ</translation>
    </message>
    <message>
        <source>whole run (steady window)</source>
        <translation>весь прогон (установившееся окно)</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>ступень %1</translation>
    </message>
    <message>
        <source>stage %1, %2</source>
        <translation>ступень %1, %2</translation>
    </message>
    <message>
        <source>Join coverage %1: joined server phases are over the matched attempts only.</source>
        <translation>Покрытие сопоставления %1: сопоставленные фазы сервера относятся только к сопоставленным попыткам.</translation>
    </message>
    <message>
        <source>The run has server spans but they were not joined: server phases are not available.</source>
        <translation>В прогоне есть серверные спаны, но они не сопоставлены: фазы сервера недоступны.</translation>
    </message>
    <message>
        <source>No server spans: server phases are not available, client phases only.</source>
        <translation>Нет серверных спанов: фазы сервера недоступны, только фазы клиента.</translation>
    </message>
    <message>
        <source>Data warning: %1</source>
        <translation>Предупреждение о данных: %1</translation>
    </message>
    <message>
        <source>not available: %1</source>
        <translation>недоступно: %1</translation>
    </message>
    <message>
        <source>%1 (%2 of %3)</source>
        <translation>%1 (%2 из %3)</translation>
    </message>
    <message>
        <source>Phasebench report: run %1 &apos;%2&apos;</source>
        <translation>Отчёт Phasebench: прогон %1 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Этап</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Achieved rate (req/s)</source>
        <translation>Достигнутая интенсивность (запр./с)</translation>
    </message>
    <message>
        <source>Error rate</source>
        <translation>Доля ошибок</translation>
    </message>
    <message>
        <source>total p95 (ms)</source>
        <translation>total p95 (мс)</translation>
    </message>
    <message>
        <source>TTFT (first text) p95 (ms)</source>
        <translation>TTFT (первый текст) p95 (мс)</translation>
    </message>
    <message>
        <source>Goodput (every budget met)</source>
        <translation>Goodput (все бюджеты соблюдены)</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Бюджет</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Показатель</translation>
    </message>
    <message>
        <source>Observed</source>
        <translation>Наблюдаемое</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>Порог</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Вердикт</translation>
    </message>
    <message>
        <source>Likely owner</source>
        <translation>Вероятный ответственный</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>Stages, models and scenarios are summarized separately, never pooled. </source>
        <translation>Ступени, модели и сценарии сводятся по отдельности и никогда не объединяются. </translation>
    </message>
    <message>
        <source>Stages of a stepped run are summarized separately, never pooled. </source>
        <translation>Ступени ступенчатого прогона сводятся по отдельности и никогда не объединяются. </translation>
    </message>
    <message>
        <source>Percentile convention: %1; scope: %2; statistic: %3. Intervals are distribution-free %4% confidence intervals; &apos;*&apos; marks a percentile that is the single worst request.</source>
        <translation>Способ расчёта перцентилей: %1; область: %2; статистика: %3. Интервалы — непараметрические доверительные интервалы %4%; &apos;*&apos; отмечает перцентиль, который является самым медленным отдельным запросом.</translation>
    </message>
    <message>
        <source>Window: %1. Requested rate %2 req/s, achieved %3 req/s; %4 attempts, %5 dropped iterations. Errors %6, timeouts %7, cancelled %8, partial %9.</source>
        <translation>Окно: %1. Запрошенная интенсивность %2 запр./с, достигнутая %3 запр./с; попыток: %4, отброшенных итераций: %5. Ошибки %6, тайм-ауты %7, отменено %8, частичные %9.</translation>
    </message>
    <message>
        <source>Goodput: %1 of %2 requests met every latency budget at once (%3, %4 req/s); not good: %5 did not complete, %6 over a budget, %7 without a budgeted value.</source>
        <translation>Goodput: %1 из %2 запросов уложились во все бюджеты задержки одновременно (%3, %4 запр./с); негодные: не завершено %5, сверх бюджета %6, без значения для бюджета %7.</translation>
    </message>
    <message>
        <source>Goodput: %1.</source>
        <translation>Goodput: %1.</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Метрика</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Единица</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p50 interval</source>
        <translation>интервал p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>p95 interval</source>
        <translation>интервал p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>p99 interval</source>
        <translation>интервал p99</translation>
    </message>
    <message>
        <source>Client phase composition around p50/p95/p99 (%1)</source>
        <translation>Состав фаз клиента около p50/p95/p99 (%1)</translation>
    </message>
    <message>
        <source>Server phase composition around p50/p95/p99 (%1)</source>
        <translation>Состав фаз сервера около p50/p95/p99 (%1)</translation>
    </message>
    <message>
        <source>Timeline: arrival rate</source>
        <translation>Временная шкала: интенсивность поступления</translation>
    </message>
    <message>
        <source>Timeline: requests in flight</source>
        <translation>Временная шкала: запросы в работе</translation>
    </message>
    <message>
        <source>Timeline: p95 per interval</source>
        <translation>Временная шкала: p95 по интервалам</translation>
    </message>
    <message>
        <source>Timeline: error rate</source>
        <translation>Временная шкала: доля ошибок</translation>
    </message>
    <message>
        <source>Distribution of total: histogram</source>
        <translation>Распределение total: гистограмма</translation>
    </message>
    <message>
        <source>Distribution of total: CDF</source>
        <translation>Распределение total: CDF</translation>
    </message>
    <message>
        <source>Distribution of TTFT (first text): histogram</source>
        <translation>Распределение TTFT (первый текст): гистограмма</translation>
    </message>
    <message>
        <source>Distribution of TTFT (first text): CDF</source>
        <translation>Распределение TTFT (первый текст): CDF</translation>
    </message>
    <message>
        <source>first and last stage, each over its steady window as in the per-stage figures</source>
        <translation>первая и последняя ступени, каждая по своему установившемуся окну, как в показателях по ступеням</translation>
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
        <translation>Сравнение: %1 -&gt; %2</translation>
    </message>
    <message>
        <source>Comparison refused: the load profiles differ.</source>
        <translation>Сравнение отклонено: профили нагрузки различаются.</translation>
    </message>
    <message>
        <source>No finding: no rule fired.</source>
        <translation>Выводов нет: ни одно правило не сработало.</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Likely owner: %1; confidence: %2; rule: %3; between: %4.</source>
        <translation>Вероятный ответственный: %1; достоверность: %2; правило: %3; между: %4.</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Доказательства</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>До</translation>
    </message>
    <message>
        <source>After</source>
        <translation>После</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Изменение</translation>
    </message>
    <message>
        <source>First check: %1</source>
        <translation>Первая проверка: %1</translation>
    </message>
    <message>
        <source>Stages (knee search)</source>
        <translation>Ступени (поиск колена)</translation>
    </message>
    <message>
        <source>Arrival (req/s)</source>
        <translation>Поступление (запр./с)</translation>
    </message>
    <message>
        <source>Throughput (req/s)</source>
        <translation>Пропускная способность (запр./с)</translation>
    </message>
    <message>
        <source>gpu_queue %1 (ms)</source>
        <translation>gpu_queue %1 (мс)</translation>
    </message>
    <message>
        <source>Budgets</source>
        <translation>Бюджеты</translation>
    </message>
    <message>
        <source>Budgets (at %1)</source>
        <translation>Бюджеты (по %1)</translation>
    </message>
    <message>
        <source>met</source>
        <translation>соблюдены</translation>
    </message>
    <message>
        <source>not met</source>
        <translation>не соблюдены</translation>
    </message>
    <message>
        <source>Knee: %1; highest stage that met the budgets: %2.</source>
        <translation>Колено: %1; наивысшая ступень, уложившаяся в бюджеты: %2.</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>не найдено</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Request %1 (%2): total %3 ms, trace %4</source>
        <translation>Запрос %1 (%2): всего %3 мс, трасса %4</translation>
    </message>
    <message>
        <source>Client total</source>
        <translation>Итог клиента</translation>
    </message>
    <message>
        <source>Server root</source>
        <translation>Корень сервера</translation>
    </message>
    <message>
        <source>Network envelope</source>
        <translation>Сетевая оболочка</translation>
    </message>
    <message>
        <source>Gateway</source>
        <translation>Шлюз</translation>
    </message>
    <message>
        <source>GPU queue</source>
        <translation>очередь GPU</translation>
    </message>
    <message>
        <source>Generation</source>
        <translation>Генерация</translation>
    </message>
    <message>
        <source>Response write</source>
        <translation>Запись ответа</translation>
    </message>
    <message>
        <source>Unattributed</source>
        <translation>Не отнесено</translation>
    </message>
    <message>
        <source>Waterfall of request %1</source>
        <translation>Каскад запроса %1</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Элемент</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Значение</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Прогон</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos; (%3)</source>
        <translation>%1 &apos;%2&apos; (%3)</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>Time of run (UTC)</source>
        <translation>Время прогона (UTC)</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Сценарий</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message>
        <source>Target host</source>
        <translation>Целевой хост</translation>
    </message>
    <message>
        <source>Executor</source>
        <translation>Исполнитель</translation>
    </message>
    <message>
        <source>Generator instance</source>
        <translation>Экземпляр генератора</translation>
    </message>
    <message>
        <source>Recorded by</source>
        <translation>Записано программой</translation>
    </message>
    <message>
        <source>Phasebench version of this report</source>
        <translation>Версия Phasebench, создавшая отчёт</translation>
    </message>
    <message>
        <source>Budgets used</source>
        <translation>Использованные бюджеты</translation>
    </message>
    <message>
        <source>Span rules</source>
        <translation>Правила спанов</translation>
    </message>
    <message>
        <source>Percentile convention</source>
        <translation>Способ расчёта перцентилей</translation>
    </message>
    <message>
        <source>Settle time after a stage change</source>
        <translation>Время стабилизации после смены ступени</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <source>Budget edited after the run</source>
        <translation>Бюджет изменён после прогона</translation>
    </message>
    <message>
        <source>%1 in version %2 (set %3)</source>
        <translation>%1 в версии %2 (задана %3)</translation>
    </message>
    <message>
        <source>no version existed when the run started; the first is used</source>
        <translation>на момент начала прогона версий не было; используется первая</translation>
    </message>
    <message>
        <source>Comparison refused: the load profiles are not comparable.</source>
        <translation>Сравнение отклонено: профили нагрузки несравнимы.</translation>
    </message>
    <message>
        <source>The load profiles are comparable.</source>
        <translation>Профили нагрузки сравнимы.</translation>
    </message>
    <message>
        <source>Baseline: %1; this run: %2; attempts %3 -&gt; %4; achieved rate %5 -&gt; %6 req/s.</source>
        <translation>Базовый: %1; этот прогон: %2; попыток %3 -&gt; %4; достигнутая интенсивность %5 -&gt; %6 запр./с.</translation>
    </message>
    <message>
        <source>p50 before -&gt; after</source>
        <translation>p50 до -&gt; после</translation>
    </message>
    <message>
        <source>p95 before -&gt; after</source>
        <translation>p95 до -&gt; после</translation>
    </message>
    <message>
        <source>p95 change</source>
        <translation>изменение p95</translation>
    </message>
    <message>
        <source>p99 before -&gt; after</source>
        <translation>p99 до -&gt; после</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;: %2</source>
        <translation>не удаётся записать &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>Scenario digest</source>
        <translation>Хеш сценария</translation>
    </message>
    <message>
        <source>Arrival rate</source>
        <translation>Интенсивность поступления</translation>
    </message>
    <message>
        <source>Arrival process</source>
        <translation>Процесс поступления</translation>
    </message>
    <message>
        <source>Generator host</source>
        <translation>Хост генератора</translation>
    </message>
    <message>
        <source>Streaming mode</source>
        <translation>Режим потоковой передачи</translation>
    </message>
    <message>
        <source>Token profile, input</source>
        <translation>Профиль токенов, вход</translation>
    </message>
    <message>
        <source>Token profile, output</source>
        <translation>Профиль токенов, выход</translation>
    </message>
    <message>
        <source>Token buckets from</source>
        <translation>Группы токенов по</translation>
    </message>
    <message>
        <source>%1 (%2 attempts)</source>
        <translation>%1 (попыток: %2)</translation>
    </message>
    <message>
        <source>Server sampling policy</source>
        <translation>Политика сэмплирования сервера</translation>
    </message>
    <message>
        <source>NOT MEASURABLE ON THIS ROUTE</source>
        <translation>НЕ ИЗМЕРИМО НА ЭТОМ МАРШРУТЕ</translation>
    </message>
    <message>
        <source>Span schema versions</source>
        <translation>Версии схемы спанов</translation>
    </message>
    <message>
        <source>%1: no data in this run.</source>
        <translation>%1: в этом прогоне нет данных.</translation>
    </message>
    <message>
        <source>%1: no load samples in an imported run.</source>
        <translation>%1: в импортированном прогоне нет выборок нагрузки.</translation>
    </message>
    <message>
        <source>Verdict: no budgets or SLO were stored with the run or given: nothing to decide.</source>
        <translation>Вердикт: с прогоном не сохранены и не заданы бюджеты или SLO: решать нечего.</translation>
    </message>
    <message>
        <source>Verdict: PASS: all %1 budget checks were met.</source>
        <translation>Вердикт: ПРОЙДЕНО: все %1 проверок бюджетов выполнены.</translation>
    </message>
    <message>
        <source>Verdict: PASS: %1 of %2 budget checks were met, %3 not measurable on their route.</source>
        <translation>Вердикт: ПРОЙДЕНО: выполнено %1 из %2 проверок бюджетов, %3 не измеримы на своём маршруте.</translation>
    </message>
    <message>
        <source> at stage %1</source>
        <translation> на этапе %1</translation>
    </message>
    <message>
        <source>Verdict: FAIL: %1 %2 broke its budget first%3 (%4 against %5 %6); likely owner: %7.</source>
        <translation>Вердикт: НЕ ПРОЙДЕНО: %1 %2 первым нарушил бюджет%3 (%4 при пороге %5 %6); вероятный владелец: %7.</translation>
    </message>
    <message>
        <source>Verdict: FAIL: %1 of %2 budget checks failed (%3); no single phase broke its budget.</source>
        <translation>Вердикт: НЕ ПРОЙДЕНО: не выполнено %1 из %2 проверок бюджетов (%3); ни одна отдельная фаза не нарушила свой бюджет.</translation>
    </message>
    <message>
        <source>Verdict: CANNOT DECIDE: %1 of %2 budget checks could not be decided from the data.</source>
        <translation>Вердикт: НЕЛЬЗЯ РЕШИТЬ: %1 из %2 проверок бюджетов нельзя решить по данным.</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>весь прогон</translation>
    </message>
    <message>
        <source>[highest met]</source>
        <translation>[наивысший выполненный]</translation>
    </message>
    <message>
        <source>[knee]</source>
        <translation>[излом]</translation>
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
        <translation>%1 выполнено, %2 нарушено, %3 нельзя решить, %4 не измеримо на маршруте; в каждой ячейке наблюдаемое значение в единицах бюджета.</translation>
    </message>
    <message>
        <source>Highest stage that met every budget: %1; knee: %2.</source>
        <translation>Наивысший этап, выполнивший все бюджеты: %1; излом: %2.</translation>
    </message>
    <message>
        <source>No knee chart: the run has a single stage, so there is no rate to compare.</source>
        <translation>Нет графика излома: в прогоне один этап, сравнивать нечего.</translation>
    </message>
    <message>
        <source>No knee chart: no load samples in an imported run.</source>
        <translation>Нет графика излома: в импортированном прогоне нет выборок нагрузки.</translation>
    </message>
    <message>
        <source>No knee chart: the load samples do not cover two stages.</source>
        <translation>Нет графика излома: выборки нагрузки не охватывают двух этапов.</translation>
    </message>
    <message>
        <source>Run %1 (%2), started %3 UTC: scenario %4, model %5, target %6.</source>
        <translation>Прогон %1 (%2), начат %3 UTC: сценарий %4, модель %5, цель %6.</translation>
    </message>
    <message>
        <source>Load: %1, arrival rate %2; %3 requests, %4 server spans; budgets: %5.</source>
        <translation>Нагрузка: %1, интенсивность поступления %2; %3 запросов, %4 серверных спанов; бюджеты: %5.</translation>
    </message>
    <message>
        <source>Which budgets held at which stage?</source>
        <translation>Какие бюджеты выполнены на каком этапе?</translation>
    </message>
    <message>
        <source>Up to which rate does it hold? Knee: throughput and queue against the arrival rate</source>
        <translation>До какой интенсивности система держится? Излом: пропускная способность и очередь в зависимости от интенсивности поступления</translation>
    </message>
    <message>
        <source>Where does the time go? Phase composition of %1, the first stage that failed</source>
        <translation>Куда уходит время? Состав фаз для %1, первого этапа с нарушением</translation>
    </message>
    <message>
        <source>Where does the time go? Phase composition of %1, the last stage</source>
        <translation>Куда уходит время? Состав фаз для %1, последнего этапа</translation>
    </message>
    <message>
        <source>No phase composition for %1: no completed request with phase timings.</source>
        <translation>Нет состава фаз для %1: нет завершённых запросов с временами фаз.</translation>
    </message>
    <message>
        <source>How much of the load was served well?</source>
        <translation>Какая доля нагрузки обслужена хорошо?</translation>
    </message>
    <message>
        <source>Can the data be trusted?</source>
        <translation>Можно ли доверять данным?</translation>
    </message>
    <message>
        <source>Every budget decision, failures first: which budget broke where?</source>
        <translation>Все решения по бюджетам, сначала нарушения: какой бюджет нарушен и где?</translation>
    </message>
    <message>
        <source>Per-stage figures: what did each stage measure?</source>
        <translation>Показатели по этапам: что измерено на каждом этапе?</translation>
    </message>
    <message>
        <source>Charts: how did the run unfold?</source>
        <translation>Графики: как шёл прогон?</translation>
    </message>
    <message>
        <source>Diagnosis: why, and who owns it?</source>
        <translation>Диагностика: почему и кто за это отвечает?</translation>
    </message>
    <message>
        <source>The %1 slowest requests: where did their time go?</source>
        <translation>Самые медленные запросы (%1): куда ушло их время?</translation>
    </message>
    <message>
        <source>Provenance: what reproduces this run?</source>
        <translation>Происхождение данных: что воспроизводит этот прогон?</translation>
    </message>
    <message>
        <source>Comparison with baseline run %1 &apos;%2&apos;: what changed?</source>
        <translation>Сравнение с базовым прогоном %1 &apos;%2&apos;: что изменилось?</translation>
    </message>
    <message>
        <source>Each cell: baseline run %1 &apos;%2&apos; → this run, against the same budgets; its colour is this run&apos;s.</source>
        <translation>Каждая ячейка: базовый прогон %1 &apos;%2&apos; → этот прогон, по тем же бюджетам; цвет — по этому прогону.</translation>
    </message>
    <message>
        <source>seq %1</source>
        <translation>seq %1</translation>
    </message>
    <message>
        <source>Which requests broke the budgets of %1, and what were they made of?</source>
        <translation>Какие запросы нарушили бюджеты (%1) и из чего они состояли?</translation>
    </message>
    <message>
        <source>Each request over a budget is attributed to the phase of the budgeted figure that exceeds its typical value (the median of the requests that met the budget) by the most; requests without those phases are counted apart. Shares have 95% Wilson intervals.</source>
        <translation>Каждый запрос сверх бюджета относится к той фазе бюджетируемой величины, которая сильнее всего превышает своё типичное значение (медиану запросов, уложившихся в бюджет); запросы без этих фаз учитываются отдельно. Доли даны с 95-процентными интервалами Уилсона.</translation>
    </message>
    <message>
        <source>%1 %2 &lt;= %3 %4</source>
        <translation>%1 %2 &lt;= %3 %4</translation>
    </message>
    <message>
        <source>%1 requests were over the budget; the figure is one phase, compared with its typical value over the %2 (N %3).</source>
        <translation>%1 запросов превысили бюджет; величина — одна фаза, сравнивается с её типичным значением: %2 (N %3).</translation>
    </message>
    <message>
        <source>%1 of %2 requests over the budget were attributed, by %3, against the typical values of the %4 (N %5).</source>
        <translation>%1 из %2 запросов сверх бюджета отнесены к фазам (%3) относительно типичных значений: %4 (N %5).</translation>
    </message>
    <message>
        <source>%1 had none of these phases measured and are counted apart.</source>
        <translation>У %1 ни одна из этих фаз не измерена; они учитываются отдельно.</translation>
    </message>
    <message>
        <source>Dominant phase</source>
        <translation>Определяющая фаза</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Запросы</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Доля</translation>
    </message>
    <message>
        <source>95% interval</source>
        <translation>95-процентный интервал</translation>
    </message>
    <message>
        <source>Typical (ms)</source>
        <translation>Типично (мс)</translation>
    </message>
    <message>
        <source>Worst requests</source>
        <translation>Худшие запросы</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>от %1 до %2</translation>
    </message>
    <message>
        <source>several</source>
        <translation>несколько</translation>
    </message>
    <message>
        <source>p50 request</source>
        <translation>запрос p50</translation>
    </message>
    <message>
        <source>p95 request</source>
        <translation>запрос p95</translation>
    </message>
    <message>
        <source>p99 request</source>
        <translation>запрос p99</translation>
    </message>
    <message>
        <source>Exemplars: the request each percentile above reads (its trace ID; open it in the Waterfall or with phasebench-cli trace).</source>
        <translation>Примеры: запрос, который даёт каждый процентиль выше (его ID трассы; откройте его в диаграмме-водопаде или командой phasebench-cli trace).</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>не измерено</translation>
    </message>
    <message>
        <source>not scraped</source>
        <translation>не собрано</translation>
    </message>
    <message>
        <source>request %1, trace %2</source>
        <translation>запрос %1, трасса %2</translation>
    </message>
    <message>
        <source>Typical vs slow request in %1: where did the slow one&apos;s time go?</source>
        <translation>Типичный и медленный запрос в %1: куда ушло время медленного?</translation>
    </message>
    <message>
        <source>Budget %1 failed first. A is the p50 and B the p99 exemplar of %2 in that stage: the requests at ranks %3 and %4 of %5 (%6). A: %7, %2 %8 ms. B: %9, %2 %10 ms.</source>
        <translation>Бюджет %1 нарушен первым. A — экземпляр p50, B — экземпляр p99 по %2 на этом этапе: запросы с рангами %3 и %4 из %5 (%6). A: %7, %2 %8 мс. B: %9, %2 %10 мс.</translation>
    </message>
    <message>
        <source>No delta table: a request has no total.</source>
        <translation>Нет таблицы разниц: у одного из запросов нет total.</translation>
    </message>
    <message>
        <source>Part of the total</source>
        <translation>Часть total</translation>
    </message>
    <message>
        <source>A (p50), ms</source>
        <translation>A (p50), мс</translation>
    </message>
    <message>
        <source>B (p99), ms</source>
        <translation>B (p99), мс</translation>
    </message>
    <message>
        <source>B − A, ms</source>
        <translation>B − A, мс</translation>
    </message>
    <message>
        <source>total</source>
        <translation>total</translation>
    </message>
    <message>
        <source>The rows (%1 partition) add up to each total and their differences to the difference of the totals; unattributed is the total minus every other row.</source>
        <translation>Строки (разбиение %1) в сумме дают каждый total, а их разницы — разницу total; без атрибуции — это total минус все остальные строки.</translation>
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
        <translation>интервалы между фрагментами</translation>
    </message>
    <message>
        <source>gap p50, ms</source>
        <translation>интервал p50, мс</translation>
    </message>
    <message>
        <source>gap p99, ms</source>
        <translation>интервал p99, мс</translation>
    </message>
    <message>
        <source>gap max, ms</source>
        <translation>интервал макс., мс</translation>
    </message>
    <message>
        <source>running at start</source>
        <translation>выполняется в начале</translation>
    </message>
    <message>
        <source>waiting at start</source>
        <translation>ожидает в начале</translation>
    </message>
    <message>
        <source>KV cache at start</source>
        <translation>KV-кэш в начале</translation>
    </message>
    <message>
        <source>Generator overhead</source>
        <translation>Издержки генератора</translation>
    </message>
    <message>
        <source>Server timings from the responses themselves (%1) on %2 of %3 attempts: server phases from spans on %4, from response metrics or headers on %5.</source>
        <translation>Тайминги сервера из самих ответов (%1) в %2 из %3 попыток: фазы сервера из спанов в %4, из метрик или заголовков ответа в %5.</translation>
    </message>
    <message>
        <source>Both sources on %1 attempts: %2 from spans minus the response&apos;s, median %3 ms, p95 of the absolute difference %4 ms.</source>
        <translation>Оба источника в %1 попытках: %2 из спанов минус из ответа, медиана %3 мс, p95 абсолютной разницы %4 мс.</translation>
    </message>
    <message>
        <source>Capacity: %1 req/s met every budget.</source>
        <translation>Пропускная способность: %1 запр./с выдержала все бюджеты.</translation>
    </message>
    <message>
        <source>No rate tried met every budget.</source>
        <translation>Ни одна опробованная частота не выдержала все бюджеты.</translation>
    </message>
    <message>
        <source>%1 req/s did not</source>
        <translation>%1 запр./с — нет</translation>
    </message>
    <message>
        <source>several owners</source>
        <translation>несколько владельцев</translation>
    </message>
    <message>
        <source>%1 %2 %3 against %4 %5 (%6)</source>
        <translation>%1 %2 %3 при пороге %4 %5 (%6)</translation>
    </message>
</context>
<context>
    <name>pb::ui</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Язык</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>Системный по умолчанию</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <source>Phasebench will use the new language the next time it starts.</source>
        <translation>Phasebench будет использовать новый язык при следующем запуске.</translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation>строка %1, столбец %2</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)</source>
        <translation>Изображение PNG (*.png);;Изображение SVG (*.svg);;Документ PDF (*.pdf)</translation>
    </message>
    <message>
        <source>There is no chart to export.</source>
        <translation>Нет диаграммы для экспорта.</translation>
    </message>
    <message>
        <source>Unknown chart format &quot;%1&quot;: use .png, .svg or .pdf.</source>
        <translation>Неизвестный формат диаграммы «%1»: используйте .png, .svg или .pdf.</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>Не удалось записать %1.</translation>
    </message>
    <message>
        <source>Export Chart…</source>
        <translation>Экспорт диаграммы…</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>Экспорт диаграммы</translation>
    </message>
    <message>
        <source>Copy Chart as Image</source>
        <translation>Копировать диаграмму как изображение</translation>
    </message>
</context>
<context>
    <name>pb::ui::BudgetModel</name>
    <message>
        <source>pass</source>
        <translation>пройдено</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>провал</translation>
    </message>
    <message>
        <source>cannot decide</source>
        <translation>невозможно решить</translation>
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
        <translation>Статус</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Бюджет</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Метрика</translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation>Статистика</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>Порог</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>Измерено</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>весь прогон</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Этап</translation>
    </message>
    <message>
        <source>not measurable on this route</source>
        <translation>не измеримо на этом маршруте</translation>
    </message>
</context>
<context>
    <name>pb::ui::CapacityBox</name>
    <message>
        <source>Capacity search (highest rate that meets the budgets)</source>
        <translation>Поиск пропускной способности (наибольшая частота, выдерживающая бюджеты)</translation>
    </message>
    <message>
        <source>Instead of the stages above: short stages at growing rates from the first stage&apos;s rate until one does not meet the budgets, then bisection. Every stage is kept in one stepped run, decided as Check decides it.</source>
        <translation>Вместо ступеней выше: короткие ступени с растущей частотой от частоты первой ступени, пока одна не нарушит бюджеты, затем деление пополам. Каждая ступень сохраняется в одном ступенчатом прогоне и решается так, как решает Check.</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation>Точность:</translation>
    </message>
    <message>
        <source>Time budget:</source>
        <translation>Бюджет времени:</translation>
    </message>
    <message>
        <source>Request budget:</source>
        <translation>Бюджет запросов:</translation>
    </message>
    <message>
        <source>met the budgets</source>
        <translation>выдержала бюджеты</translation>
    </message>
    <message>
        <source>did not meet the budgets</source>
        <translation>не выдержала бюджеты</translation>
    </message>
    <message>
        <source>could not be decided</source>
        <translation>решить нельзя</translation>
    </message>
    <message numerus="yes">
        <source>%n stage(s) in run %1; %2.</source>
        <translation>
            <numerusform>%n ступень в прогоне %1; %2.</numerusform>
            <numerusform>%n ступени в прогоне %1; %2.</numerusform>
            <numerusform>%n ступеней в прогоне %1; %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>pb::ui::ChoiceDelegate</name>
    <message>
        <source>(not imported)</source>
        <translation>(не импортируется)</translation>
    </message>
</context>
<context>
    <name>pb::ui::ColumnFormat</name>
    <message>
        <source>identity and correlation</source>
        <translation>идентификация и корреляция</translation>
    </message>
    <message>
        <source>condition</source>
        <translation>условие</translation>
    </message>
    <message>
        <source>result</source>
        <translation>результат</translation>
    </message>
    <message>
        <source>token usage</source>
        <translation>использование токенов</translation>
    </message>
    <message>
        <source>schedule</source>
        <translation>расписание</translation>
    </message>
    <message>
        <source>client phase (k6 semantics)</source>
        <translation>фаза клиента (семантика k6)</translation>
    </message>
    <message>
        <source>stream milestone</source>
        <translation>веха потока</translation>
    </message>
    <message>
        <source>transfer</source>
        <translation>передача</translation>
    </message>
    <message>
        <source>milliseconds (ms) from the attempt&apos;s start</source>
        <translation>миллисекунды (мс) от начала попытки</translation>
    </message>
    <message>
        <source>milliseconds (ms) from the run&apos;s start</source>
        <translation>миллисекунды (мс) от начала прогона</translation>
    </message>
    <message>
        <source>milliseconds (ms)</source>
        <translation>миллисекунды (мс)</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true или false</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>токены</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>байты</translation>
    </message>
    <message>
        <source>count</source>
        <translation>количество</translation>
    </message>
    <message>
        <source>number</source>
        <translation>число</translation>
    </message>
    <message>
        <source>text</source>
        <translation>текст</translation>
    </message>
    <message>
        <source>%1
%2; unit: %3</source>
        <translation>%1
%2; единица: %3</translation>
    </message>
    <message>
        <source>server timing from the response</source>
        <translation>тайминг сервера из ответа</translation>
    </message>
    <message>
        <source>milliseconds (ms) on the server&apos;s clock</source>
        <translation>миллисекунды (мс) по часам сервера</translation>
    </message>
    <message>
        <source>multi-turn session</source>
        <translation>многоходовая сессия</translation>
    </message>
</context>
<context>
    <name>pb::ui::ColumnMappingDialog</name>
    <message>
        <source>Import %1 with a column mapping</source>
        <translation>Импорт %1 с сопоставлением столбцов</translation>
    </message>
    <message>
        <source>Choose what each column of the file holds. Durations need their unit; unmapped columns are not imported. Without an outcome or HTTP status column every row counts as completed.</source>
        <translation>Укажите, что содержит каждый столбец файла. Для длительностей нужна единица измерения; несопоставленные столбцы не импортируются. Без столбца исхода или HTTP-статуса каждая строка считается завершённой.</translation>
    </message>
    <message>
        <source>&amp;Mapping as text (for phasebench-cli import --map):</source>
        <translation>&amp;Сопоставление в виде текста (для phasebench-cli import --map):</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Импортировать</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Не удаётся прочитать %1: %2</translation>
    </message>
    <message>
        <source>%1 has no header line with at least two columns.</source>
        <translation>В %1 нет строки заголовка хотя бы с двумя столбцами.</translation>
    </message>
    <message>
        <source>Map at least one column.</source>
        <translation>Сопоставьте хотя бы один столбец.</translation>
    </message>
    <message>
        <source>The file has no column &apos;%1&apos;.</source>
        <translation>В файле нет столбца &apos;%1&apos;.</translation>
    </message>
</context>
<context>
    <name>pb::ui::ColumnMappingModel</name>
    <message>
        <source>(not imported)</source>
        <translation>(не импортируется)</translation>
    </message>
    <message>
        <source>How the start time is written: RFC 3339 text or a Unix timestamp.</source>
        <translation>Как записано время начала: текст RFC 3339 или метка времени Unix.</translation>
    </message>
    <message>
        <source>The unit of the values in this column.</source>
        <translation>Единица измерения значений в этом столбце.</translation>
    </message>
    <message>
        <source>Column in the file</source>
        <translation>Столбец в файле</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>Примеры</translation>
    </message>
    <message>
        <source>Imported as</source>
        <translation>Импортируется как</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Единица</translation>
    </message>
</context>
<context>
    <name>pb::ui::CompareBar</name>
    <message>
        <source>Compare with…</source>
        <translation>Сравнить с…</translation>
    </message>
    <message>
        <source>Typical vs slow</source>
        <translation>Типичный и медленный</translation>
    </message>
    <message>
        <source>trace ID of request B (32 hex digits)</source>
        <translation>ID трассы запроса B (32 шестнадцатеричные цифры)</translation>
    </message>
    <message>
        <source>Compare the shown request (A) with the request of this trace ID (B).</source>
        <translation>Сравнить показанный запрос (A) с запросом этого ID трассы (B).</translation>
    </message>
    <message>
        <source>Compare the run&apos;s p50 request of total (A) with its p99 request (B): the exemplars at those ranks.</source>
        <translation>Сравнить запрос p50 по total в прогоне (A) с его запросом p99 (B): экземпляры с этими рангами.</translation>
    </message>
    <message>
        <source>Same prompt in baseline…</source>
        <translation>Тот же промпт в базовом…</translation>
    </message>
    <message>
        <source>Compare the shown request (B) with the request of a baseline run that sent the same prompt (A): its first completed one. Both runs must come from the same scenario.</source>
        <translation>Сравнить показанный запрос (B) с запросом базового прогона, отправившим тот же промпт (A): его первым завершённым. Оба прогона должны быть из одного сценария.</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>прогон %1: %2</translation>
    </message>
</context>
<context>
    <name>pb::ui::ComparisonModel</name>
    <message>
        <source>values (N)</source>
        <translation>значения (N)</translation>
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
        <translation>Статистика</translation>
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
        <translation>Изменение от A к B, в процентах от A</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Изменение</translation>
    </message>
    <message>
        <source>, trace %1</source>
        <translation>, трасса %1</translation>
    </message>
    <message>
        <source>The request at this percentile: request %1 of run %2%3. Double-click or press Enter to open it in the Waterfall.</source>
        <translation>Запрос этого процентиля: запрос %1 прогона %2%3. Дважды щёлкните или нажмите Enter, чтобы открыть его в диаграмме-водопаде.</translation>
    </message>
</context>
<context>
    <name>pb::ui::ComparisonPlot</name>
    <message>
        <source>ms from each attempt&apos;s start (client clock)</source>
        <translation>мс от начала каждой попытки (часы клиента)</translation>
    </message>
</context>
<context>
    <name>pb::ui::ComparisonView</name>
    <message>
        <source>no request in this file has trace ID &apos;%1&apos;</source>
        <translation>ни один запрос в этом файле не имеет ID трассы &apos;%1&apos;</translation>
    </message>
    <message>
        <source>the run has no completed request with a total</source>
        <translation>в прогоне нет завершённого запроса с total</translation>
    </message>
    <message>
        <source>%1%2: request %3, total %L4 ms</source>
        <translation>%1%2: запрос %3, total %L4 мс</translation>
    </message>
    <message>
        <source>, stage %1</source>
        <translation>, этап %1</translation>
    </message>
    <message>
        <source>no trace ID</source>
        <translation>без ID трассы</translation>
    </message>
    <message>
        <source>%1%2: request %3 of run %4 (%5), trace %6</source>
        <translation>%1%2: запрос %3 прогона %4 (%5), трасса %6</translation>
    </message>
    <message>
        <source>not scraped</source>
        <translation>не собрано</translation>
    </message>
    <message>
        <source>%L1 ms</source>
        <translation>%L1 мс</translation>
    </message>
    <message>
        <source>Back to the request</source>
        <translation>Назад к запросу</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Показатель</translation>
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
        <translation>Не удаётся сравнить запросы: %1</translation>
    </message>
    <message>
        <source>No comparison yet.</source>
        <translation>Сравнения пока нет.</translation>
    </message>
    <message>
        <source>Comparing request %1 with trace %2…</source>
        <translation>Сравнение запроса %1 с трассой %2…</translation>
    </message>
    <message>
        <source>Finding the p50 and p99 requests of run %1…</source>
        <translation>Поиск запросов p50 и p99 прогона %1…</translation>
    </message>
    <message>
        <source>No delta table: a request has no total.</source>
        <translation>Нет таблицы разниц: у одного из запросов нет total.</translation>
    </message>
    <message>
        <source>B took %L1 ms more than A; the delta table splits that difference.</source>
        <translation>B занял на %L1 мс больше, чем A; таблица разниц раскладывает эту разницу.</translation>
    </message>
    <message>
        <source>B took %L1 ms less than A; the delta table splits that difference.</source>
        <translation>B занял на %L1 мс меньше, чем A; таблица разниц раскладывает эту разницу.</translation>
    </message>
    <message>
        <source>chunk gaps</source>
        <translation>интервалы между фрагментами</translation>
    </message>
    <message>
        <source>gap p50</source>
        <translation>интервал p50</translation>
    </message>
    <message>
        <source>gap p90</source>
        <translation>интервал p90</translation>
    </message>
    <message>
        <source>gap p99</source>
        <translation>интервал p99</translation>
    </message>
    <message>
        <source>gap max</source>
        <translation>интервал макс.</translation>
    </message>
    <message>
        <source>running at start</source>
        <translation>выполняется в начале</translation>
    </message>
    <message>
        <source>waiting at start</source>
        <translation>ожидает в начале</translation>
    </message>
    <message>
        <source>KV cache at start</source>
        <translation>KV-кэш в начале</translation>
    </message>
    <message>
        <source>The target&apos;s last scrape at or before the request started.</source>
        <translation>Последний сбор метрик цели в момент начала запроса или раньше.</translation>
    </message>
    <message>
        <source> (p50 of total, rank %1%2)</source>
        <translation> (p50 от total, ранг %1%2)</translation>
    </message>
    <message>
        <source> (p99 of total, rank %1%2)</source>
        <translation> (p99 от total, ранг %1%2)</translation>
    </message>
    <message>
        <source>Finding the request of run %1 with the same prompt as request %2…</source>
        <translation>Поиск запроса прогона %1 с тем же промптом, что у запроса %2…</translation>
    </message>
    <message>
        <source> (baseline run %1, same prompt, ref %2)</source>
        <translation> (базовый прогон %1, тот же промпт, ссылка %2)</translation>
    </message>
    <message>
        <source> (prompt ref %1)</source>
        <translation> (ссылка на промпт %1)</translation>
    </message>
</context>
<context>
    <name>pb::ui::CompositionChart</name>
    <message>
        <source>No requests with a %1 in this scope and window yet</source>
        <translation>В этой области и окне пока нет запросов с %1</translation>
    </message>
    <message>
        <source>p%1</source>
        <translation>p%1</translation>
    </message>
    <message>
        <source>percentile band of %1</source>
        <translation>полоса перцентилей %1</translation>
    </message>
    <message>
        <source>mean of the band (ms)</source>
        <translation>среднее по полосе (мс)</translation>
    </message>
    <message>
        <source>Composition at each percentile (N = %L1)</source>
        <translation>Состав на каждом перцентиле (N = %L1)</translation>
    </message>
</context>
<context>
    <name>pb::ui::DeltaTableModel</name>
    <message>
        <source>network envelope</source>
        <translation>сетевая оболочка</translation>
    </message>
    <message>
        <source>gateway</source>
        <translation>шлюз</translation>
    </message>
    <message>
        <source>GPU queue</source>
        <translation>очередь GPU</translation>
    </message>
    <message>
        <source>generation</source>
        <translation>генерация</translation>
    </message>
    <message>
        <source>response write</source>
        <translation>запись ответа</translation>
    </message>
    <message>
        <source>external provider</source>
        <translation>внешний провайдер</translation>
    </message>
    <message>
        <source>to first text</source>
        <translation>до первого текста</translation>
    </message>
    <message>
        <source>rest (done to end)</source>
        <translation>остаток (от done до конца)</translation>
    </message>
    <message>
        <source>setup (blocked, DNS, connect, TLS)</source>
        <translation>подготовка (блокировка, DNS, соединение, TLS)</translation>
    </message>
    <message>
        <source>send</source>
        <translation>отправка</translation>
    </message>
    <message>
        <source>wait</source>
        <translation>ожидание</translation>
    </message>
    <message>
        <source>receive</source>
        <translation>получение</translation>
    </message>
    <message>
        <source>unattributed</source>
        <translation>без атрибуции</translation>
    </message>
    <message>
        <source>total</source>
        <translation>total</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>не измерено</translation>
    </message>
    <message>
        <source>%1%L2 ms</source>
        <translation>%1%L2 мс</translation>
    </message>
    <message>
        <source>%L1 ms</source>
        <translation>%L1 мс</translation>
    </message>
    <message>
        <source>The total minus every other row: what no measured part explains.</source>
        <translation>Total минус все остальные строки: то, что не объясняет ни одна измеренная часть.</translation>
    </message>
    <message>
        <source>This request did not measure it; it counts as 0 and its time is in unattributed.</source>
        <translation>Этот запрос его не измерял; он считается как 0, а его время входит в «без атрибуции».</translation>
    </message>
    <message>
        <source>Part of the total</source>
        <translation>Часть total</translation>
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
        <translation>Запуск демо</translation>
    </message>
    <message>
        <source>Starts the built-in demo gateway and OTLP receiver on this machine and runs an open-model streaming load against it. Switch on a fault to see its symptom.</source>
        <translation>Запускает встроенные демо-шлюз и приёмник OTLP на этой машине и подаёт на шлюз потоковую нагрузку открытой модели. Включите неисправность, чтобы увидеть её симптом.</translation>
    </message>
    <message>
        <source>Faults of the demo gateway</source>
        <translation>Неисправности демо-шлюза</translation>
    </message>
    <message>
        <source> req/s</source>
        <translation> запр./с</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>Arrival rate:</source>
        <translation>Интенсивность поступления:</translation>
    </message>
    <message>
        <source>Duration after warm-up:</source>
        <translation>Длительность после прогрева:</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Запустить</translation>
    </message>
    <message>
        <source>Unknown demo fault: %1</source>
        <translation>Неизвестный сбой демо: %1</translation>
    </message>
    <message>
        <source>Stepped past the knee (%1 req/s), budgets stored</source>
        <translation>Ступенчатый за колено (%1 запр./с), бюджеты сохраняются</translation>
    </message>
    <message>
        <source>Steady at one rate</source>
        <translation>Стабильный с одной интенсивностью</translation>
    </message>
    <message>
        <source>Load profile:</source>
        <translation>Профиль нагрузки:</translation>
    </message>
</context>
<context>
    <name>pb::ui::DiagnosisModel</name>
    <message>
        <source>low</source>
        <translation>низкая</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>средняя</translation>
    </message>
    <message>
        <source>high</source>
        <translation>высокая</translation>
    </message>
    <message>
        <source>Symptom</source>
        <translation>Симптом</translation>
    </message>
    <message>
        <source>Likely owner</source>
        <translation>Вероятный ответственный</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Достоверность</translation>
    </message>
    <message>
        <source>Between</source>
        <translation>Между</translation>
    </message>
    <message>
        <source>First check</source>
        <translation>Первая проверка</translation>
    </message>
</context>
<context>
    <name>pb::ui::DiagnosisPage</name>
    <message>
        <source>Click a figure that is a phase to see its percentiles</source>
        <translation>Щёлкните показатель, являющийся фазой, чтобы увидеть его перцентили</translation>
    </message>
    <message>
        <source>Click a trace ID to select that request</source>
        <translation>Щёлкните trace ID, чтобы выбрать этот запрос</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>Сравнить с:</translation>
    </message>
    <message>
        <source>Cannot diagnose the run: %1</source>
        <translation>Не удаётся диагностировать прогон: %1</translation>
    </message>
    <message>
        <source>No run selected</source>
        <translation>Прогон не выбран</translation>
    </message>
    <message>
        <source>halves of the run, or first vs last stage of a stepped run</source>
        <translation>половины прогона или первая и последняя ступени ступенчатого прогона</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>прогон %1: %2</translation>
    </message>
    <message>
        <source>Diagnosing…</source>
        <translation>Диагностика…</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Comparison refused (%1): the load profiles differ: %2</source>
        <translation>Сравнение отклонено (%1): профили нагрузки различаются: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s); no comparison was possible.</source>
        <translation>
            <numerusform>%n вывод; сравнение было невозможно.</numerusform>
            <numerusform>%n вывода; сравнение было невозможно.</numerusform>
            <numerusform>%n выводов; сравнение было невозможно.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s), comparing %1.</source>
        <translation>
            <numerusform>%n вывод, сравнение: %1.</numerusform>
            <numerusform>%n вывода, сравнение: %1.</numerusform>
            <numerusform>%n выводов, сравнение: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Knee: %1; highest stage that met the budgets: %2</source>
        <translation>Колено: %1; наивысшая ступень, уложившаяся в бюджеты: %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>%1
Likely owner: %2 (confidence %3). Compared: %4.
First check: %5</source>
        <translation>%1
Вероятный ответственный: %2 (достоверность: %3). Сравнение: %4.
Первая проверка: %5</translation>
    </message>
</context>
<context>
    <name>pb::ui::DistributionPlots</name>
    <message>
        <source>share of values per bin (%)</source>
        <translation>доля значений в интервале (%)</translation>
    </message>
    <message>
        <source>values at or below (%)</source>
        <translation>значения не выше (%)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1, log scale</source>
        <translation>%1, логарифмическая шкала</translation>
    </message>
    <message numerus="yes">
        <source>%1: A and B on the same %n bin(s)</source>
        <translation>
            <numerusform>%1: A и B на одних и тех же %n интервале</numerusform>
            <numerusform>%1: A и B на одних и тех же %n интервалах</numerusform>
            <numerusform>%1: A и B на одних и тех же %n интервалах</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 in %n bin(s)</source>
        <translation>
            <numerusform>%1 в %n интервале</numerusform>
            <numerusform>%1 в %n интервалах</numerusform>
            <numerusform>%1 в %n интервалах</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>pb::ui::DistributionsPage</name>
    <message>
        <source>run %1</source>
        <translation>прогон %1</translation>
    </message>
    <message>
        <source>%1, whole run</source>
        <translation>%1, весь прогон</translation>
    </message>
    <message>
        <source>%1, steady window</source>
        <translation>%1, установившееся окно</translation>
    </message>
    <message>
        <source>%1, stage %2</source>
        <translation>%1, ступень %2</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Логарифмическая шкала</translation>
    </message>
    <message>
        <source>Metric:</source>
        <translation>Метрика:</translation>
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
        <translation>Интервалы:</translation>
    </message>
    <message>
        <source>Cannot compute the distributions: %1</source>
        <translation>Не удаётся вычислить распределения: %1</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>весь прогон</translation>
    </message>
    <message>
        <source>steady window</source>
        <translation>установившееся окно</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>ступень %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>stage %1 of this run</source>
        <translation>ступень %1 этого прогона</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>прогон %1: %2</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Вычисление…</translation>
    </message>
    <message>
        <source>not comparable: %1</source>
        <translation>несравнимо: %1</translation>
    </message>
    <message>
        <source>comparable: same scope, convention, counts and load profile</source>
        <translation>сравнимо: та же область, способ расчёта, количества и профиль нагрузки</translation>
    </message>
    <message>
        <source>not comparable: %1 is not available on both sides</source>
        <translation>несравнимо: %1 доступно не с обеих сторон</translation>
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
        <translation>Область %1; перцентили %2.</translation>
    </message>
    <message>
        <source>%1: %2 not available on this run (not joined)</source>
        <translation>%1: %2 недоступно в этом прогоне (нет сопоставления)</translation>
    </message>
    <message>
        <source>%1: %2 not available on this run (no %3 column)</source>
        <translation>%1: %2 недоступно в этом прогоне (нет столбца %3)</translation>
    </message>
    <message>
        <source>%1: no values of %2 in this window (%3)</source>
        <translation>%1: нет значений %2 в этом окне (%3)</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n value(s) at or below zero left out of the log scale</source>
        <translation>
            <numerusform>%1: %n значение, не большее нуля, исключено из логарифмической шкалы</numerusform>
            <numerusform>%1: %n значения, не большие нуля, исключены из логарифмической шкалы</numerusform>
            <numerusform>%1: %n значений, не больших нуля, исключены из логарифмической шкалы</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, all %2 groups (pooled)</source>
        <translation>%1, все %2 группы (объединённые)</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Group:</source>
        <translation>Группа:</translation>
    </message>
    <message>
        <source>Models and scenarios are shown one group at a time; all groups together only when chosen, labelled pooled</source>
        <translation>Модели и сценарии показываются по одной группе; все группы вместе — только по выбору, с пометкой «объединённые»</translation>
    </message>
    <message>
        <source>all groups (pooled)</source>
        <translation>все группы (объединённые)</translation>
    </message>
</context>
<context>
    <name>pb::ui::EvidenceModel</name>
    <message>
        <source>Figure</source>
        <translation>Показатель</translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation>Статистика</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>До</translation>
    </message>
    <message>
        <source>N before</source>
        <translation>N до</translation>
    </message>
    <message>
        <source>After</source>
        <translation>После</translation>
    </message>
    <message>
        <source>N after</source>
        <translation>N после</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Изменение</translation>
    </message>
</context>
<context>
    <name>pb::ui::ExplorerModel</name>
    <message>
        <source>seq</source>
        <translation>№</translation>
    </message>
    <message>
        <source>trace ID</source>
        <translation>trace ID</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>ступень</translation>
    </message>
    <message>
        <source>outcome</source>
        <translation>исход</translation>
    </message>
    <message>
        <source>start (s)</source>
        <translation>начало (с)</translation>
    </message>
    <message>
        <source>y: %1 (ms)</source>
        <translation>y: %1 (мс)</translation>
    </message>
    <message>
        <source>total (ms)</source>
        <translation>всего (мс)</translation>
    </message>
    <message>
        <source>first_text (ms)</source>
        <translation>first_text (мс)</translation>
    </message>
</context>
<context>
    <name>pb::ui::ExplorerPage</name>
    <message>
        <source>Log scale</source>
        <translation>Логарифмическая шкала</translation>
    </message>
    <message>
        <source>start time (s)</source>
        <translation>время начала (с)</translation>
    </message>
    <message>
        <source>input tokens</source>
        <translation>входные токены</translation>
    </message>
    <message>
        <source>output tokens</source>
        <translation>выходные токены</translation>
    </message>
    <message>
        <source>total (ms)</source>
        <translation>всего (мс)</translation>
    </message>
    <message>
        <source>first_text: time to first visible text (ms)</source>
        <translation>first_text: время до первого видимого текста (мс)</translation>
    </message>
    <message>
        <source>wait: request sent to headers (ms)</source>
        <translation>wait: от отправки запроса до заголовков (мс)</translation>
    </message>
    <message>
        <source>gpu_queue, from server spans (ms)</source>
        <translation>gpu_queue, по серверным спанам (мс)</translation>
    </message>
    <message>
        <source>network_envelope: client total − server root (ms)</source>
        <translation>network_envelope: итог клиента − корень сервера (мс)</translation>
    </message>
    <message>
        <source>slowest %L1</source>
        <translation>%L1 самых медленных</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> мс</translation>
    </message>
    <message>
        <source>no minimum</source>
        <translation>без минимума</translation>
    </message>
    <message>
        <source>List only requests whose y value is at least this</source>
        <translation>Показывать только запросы, у которых значение y не меньше этого</translation>
    </message>
    <message>
        <source>Trace ID or its first digits</source>
        <translation>Trace ID или его первые цифры</translation>
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
        <translation>Исход:</translation>
    </message>
    <message>
        <source>Stage:</source>
        <translation>Ступень:</translation>
    </message>
    <message>
        <source>Y at least:</source>
        <translation>Y не менее:</translation>
    </message>
    <message>
        <source>Cannot compute the explorer: %1</source>
        <translation>Не удаётся построить обозреватель: %1</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Вычисление…</translation>
    </message>
    <message>
        <source>The server spans could not be joined to these requests.</source>
        <translation>Не удалось сопоставить серверные спаны с этими запросами.</translation>
    </message>
    <message>
        <source>all</source>
        <translation>все</translation>
    </message>
    <message>
        <source>%1 (%L2)</source>
        <translation>%1 (%L2)</translation>
    </message>
    <message>
        <source>No request of this run has the trace ID %1.</source>
        <translation>Ни у одного запроса этого прогона нет trace ID %1.</translation>
    </message>
    <message>
        <source>%L1 requests; %L2 match the filters; listing the slowest %L3 by %4.</source>
        <translation>Запросов: %L1; подходят под фильтры: %L2; показаны %L3 самых медленных по %4.</translation>
    </message>
    <message>
        <source>Group:</source>
        <translation>Группа:</translation>
    </message>
    <message>
        <source>List only the requests of one model/scenario group</source>
        <translation>Показывать только запросы одной группы модели/сценария</translation>
    </message>
    <message>
        <source>all groups</source>
        <translation>все группы</translation>
    </message>
    <message>
        <source>Cannot list the requests: %1</source>
        <translation>Не удалось составить список запросов: %1</translation>
    </message>
    <message>
        <source>Listing only the requests of this range of the Timeline; click to clear it</source>
        <translation>Показаны только запросы из этого интервала временной шкалы; нажмите, чтобы сбросить</translation>
    </message>
    <message>
        <source>Time %1  ✕</source>
        <translation>Время %1  ✕</translation>
    </message>
</context>
<context>
    <name>pb::ui::ExplorerPlot</name>
    <message>
        <source>start (s from the run&apos;s start)</source>
        <translation>начало (с от начала прогона)</translation>
    </message>
    <message>
        <source>input tokens</source>
        <translation>входные токены</translation>
    </message>
    <message>
        <source>output tokens</source>
        <translation>выходные токены</translation>
    </message>
    <message>
        <source>%1 (ms)</source>
        <translation>%1 (мс)</translation>
    </message>
    <message>
        <source>%1 (%L2)</source>
        <translation>%1 (%L2)</translation>
    </message>
    <message>
        <source>Reset Zoom</source>
        <translation>Сбросить масштаб</translation>
    </message>
</context>
<context>
    <name>pb::ui::FetchTracesController</name>
    <message>
        <source>Stop fetching; the traces fetched so far are kept</source>
        <translation>Остановить загрузку; уже загруженные трассы сохраняются</translation>
    </message>
    <message>
        <source>Fetching traces of run %1 from %2…</source>
        <translation>Загрузка трасс прогона %1 из %2…</translation>
    </message>
    <message>
        <source>Stopping: storing what was fetched…</source>
        <translation>Остановка: сохранение загруженного…</translation>
    </message>
    <message>
        <source>Run %1: fetched %L2 traces (%L3 spans), already present %L4, missing %L5, failed %L6.</source>
        <translation>Прогон %1: загружено трасс: %L2 (спанов: %L3), уже есть %L4, отсутствует %L5, с ошибкой %L6.</translation>
    </message>
    <message>
        <source>Join coverage: %1%.</source>
        <translation>Покрытие сопоставления: %1%.</translation>
    </message>
    <message>
        <source>Cancelled; fetch again to resume.</source>
        <translation>Отменено; запустите загрузку снова, чтобы продолжить.</translation>
    </message>
    <message>
        <source>Last error: %1</source>
        <translation>Последняя ошибка: %1</translation>
    </message>
</context>
<context>
    <name>pb::ui::FetchTracesDialog</name>
    <message>
        <source>Fetch Traces from Jaeger</source>
        <translation>Загрузка трасс из Jaeger</translation>
    </message>
    <message>
        <source>Fetches the server traces of run %1 by the trace IDs of its attempts from a Jaeger query service, stores them into the run and joins it again. Traces already in the run are skipped, so fetching again resumes. Traces Jaeger does not have lower the join coverage; they are not errors.</source>
        <translation>Загружает серверные трассы прогона %1 по trace ID его попыток из сервиса запросов Jaeger, сохраняет их в прогон и заново выполняет сопоставление. Трассы, уже имеющиеся в прогоне, пропускаются, поэтому повторная загрузка продолжает с места остановки. Трассы, которых нет в Jaeger, снижают покрытие сопоставления; это не ошибки.</translation>
    </message>
    <message>
        <source>The Jaeger query service (its UI&apos;s address, port 16686 by default); requests go to /api/traces/ID</source>
        <translation>Сервис запросов Jaeger (адрес его веб-интерфейса, по умолчанию порт 16686); запросы отправляются на /api/traces/ID</translation>
    </message>
    <message>
        <source>every service</source>
        <translation>все сервисы</translation>
    </message>
    <message>
        <source>Keep only spans of this service, e.g. the LLM server when its traces also hold other services&apos; spans</source>
        <translation>Оставлять только спаны этого сервиса, например LLM-сервера, если его трассы содержат и спаны других сервисов</translation>
    </message>
    <message>
        <source>Jaeger URL:</source>
        <translation>URL Jaeger:</translation>
    </message>
    <message>
        <source>Service:</source>
        <translation>Сервис:</translation>
    </message>
    <message>
        <source>Requests in flight:</source>
        <translation>Запросов в обработке:</translation>
    </message>
    <message>
        <source>Fetch</source>
        <translation>Загрузить</translation>
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
        <translation>Все поддерживаемые файлы (%1)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Все файлы (*)</translation>
    </message>
</context>
<context>
    <name>pb::ui::Job</name>
    <message>
        <source>unexpected error</source>
        <translation>непредвиденная ошибка</translation>
    </message>
</context>
<context>
    <name>pb::ui::JobProgressWidget</name>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Stop this work; nothing of it is kept</source>
        <translation>Остановить эту работу; её результаты не сохраняются</translation>
    </message>
</context>
<context>
    <name>pb::ui::KneePlot</name>
    <message>
        <source>achieved throughput (completed/s)</source>
        <translation>достигнутая пропускная способность (завершено/с)</translation>
    </message>
    <message>
        <source>requested arrival rate (requests/s)</source>
        <translation>запрошенная интенсивность поступления (запросов/с)</translation>
    </message>
    <message>
        <source>achieved arrival rate (started/s)</source>
        <translation>достигнутая интенсивность поступления (начато/с)</translation>
    </message>
    <message>
        <source>GPU queue %1 (ms)</source>
        <translation>Очередь GPU %1 (мс)</translation>
    </message>
    <message>
        <source>TTFT (first visible text) %1 (ms)</source>
        <translation>TTFT (первый видимый текст) %1 (мс)</translation>
    </message>
    <message>
        <source>throughput = arrival rate</source>
        <translation>пропускная способность = интенсивность поступления</translation>
    </message>
    <message>
        <source>achieved throughput</source>
        <translation>достигнутая пропускная способность</translation>
    </message>
    <message>
        <source>GPU queue %1</source>
        <translation>Очередь GPU %1</translation>
    </message>
    <message>
        <source>knee: %1</source>
        <translation>колено: %1</translation>
    </message>
    <message>
        <source>Knee at stage %1:
throughput stops following the arrival rate</source>
        <translation>Колено на ступени %1:
пропускная способность перестаёт следовать за интенсивностью поступления</translation>
    </message>
    <message>
        <source>Throughput and queue per stage:
no knee found</source>
        <translation>Пропускная способность и очередь по ступеням:
колено не найдено</translation>
    </message>
    <message>
        <source>TTFT (first visible text) %1</source>
        <translation>TTFT (первый видимый текст) %1</translation>
    </message>
    <message>
        <source>Double-click a latency point to open the request at its percentile</source>
        <translation>Двойной щелчок по точке задержки открывает запрос её перцентиля</translation>
    </message>
</context>
<context>
    <name>pb::ui::LauncherPage</name>
    <message>
        <source>&amp;Start Run</source>
        <translation>&amp;Запустить прогон</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>&amp;Остановить</translation>
    </message>
    <message>
        <source>&amp;Open Scenario…</source>
        <translation>О&amp;ткрыть сценарий…</translation>
    </message>
    <message>
        <source>Save Scenario &amp;As…</source>
        <translation>Сохранить сценарий &amp;как…</translation>
    </message>
    <message>
        <source>Start the run (Ctrl+Return)</source>
        <translation>Запустить прогон (Ctrl+Return)</translation>
    </message>
    <message>
        <source>Form</source>
        <translation>Форма</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Not running</source>
        <translation>Не запущен</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Цель</translation>
    </message>
    <message>
        <source>Built-in demo gateway (loopback, with its own spans)</source>
        <translation>Встроенный демо-шлюз (loopback, со своими спанами)</translation>
    </message>
    <message>
        <source>Endpoint (OpenAI-compatible)</source>
        <translation>Конечная точка (совместимая с OpenAI)</translation>
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
        <translation>Имя переменной окружения, в которой хранится ключ API. Сам ключ здесь никогда не вводится, не сохраняется в сценарии и не хранится вместе с прогоном.</translation>
    </message>
    <message>
        <source>Verify the server&apos;s TLS certificate</source>
        <translation>Проверять TLS-сертификат сервера</translation>
    </message>
    <message>
        <source>Scenario name:</source>
        <translation>Имя сценария:</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>Базовый URL:</translation>
    </message>
    <message>
        <source>API:</source>
        <translation>API:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Модель:</translation>
    </message>
    <message>
        <source>API key variable:</source>
        <translation>Переменная ключа API:</translation>
    </message>
    <message>
        <source>Request profile</source>
        <translation>Профиль запроса</translation>
    </message>
    <message>
        <source>Stream the response (SSE)</source>
        <translation>Потоковая передача ответа (SSE)</translation>
    </message>
    <message>
        <source>not sent</source>
        <translation>не отправляется</translation>
    </message>
    <message>
        <source>max_tokens:</source>
        <translation>max_tokens:</translation>
    </message>
    <message>
        <source>Prompt sets and their input-length buckets: edit them in the JSON tab.</source>
        <translation>Наборы промптов и их группы по длине входа: редактируйте их на вкладке JSON.</translation>
    </message>
    <message>
        <source>Executor</source>
        <translation>Исполнитель</translation>
    </message>
    <message>
        <source>Constant arrival rate (open)</source>
        <translation>Постоянная интенсивность поступления (открытая модель)</translation>
    </message>
    <message>
        <source>Stepped arrival rate (open, per-stage figures)</source>
        <translation>Ступенчатая интенсивность поступления (открытая модель, показатели по ступеням)</translation>
    </message>
    <message>
        <source>Ramping arrival rate (open)</source>
        <translation>Нарастающая интенсивность поступления (открытая модель)</translation>
    </message>
    <message>
        <source>Constant virtual users (closed, for comparison)</source>
        <translation>Постоянное число виртуальных пользователей (закрытая модель, для сравнения)</translation>
    </message>
    <message>
        <source> req/s</source>
        <translation> запр./с</translation>
    </message>
    <message>
        <source>Add Stage</source>
        <translation>Добавить ступень</translation>
    </message>
    <message>
        <source>Remove Stage</source>
        <translation>Удалить ступень</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Тип:</translation>
    </message>
    <message>
        <source>Arrival rate:</source>
        <translation>Интенсивность поступления:</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>Длительность:</translation>
    </message>
    <message>
        <source>Virtual users:</source>
        <translation>Виртуальные пользователи:</translation>
    </message>
    <message>
        <source>Stages:</source>
        <translation>Ступени:</translation>
    </message>
    <message>
        <source>Max in flight:</source>
        <translation>Максимум в работе:</translation>
    </message>
    <message>
        <source>Warm-up:</source>
        <translation>Прогрев:</translation>
    </message>
    <message>
        <source>Budgets (set before the run)</source>
        <translation>Бюджеты (задаются до прогона)</translation>
    </message>
    <message>
        <source>Budget file (JSON, docs/budgets.md); none when empty</source>
        <translation>Файл бюджетов (JSON, docs/budgets.md); если пусто — без бюджетов</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Обзор…</translation>
    </message>
    <message>
        <source>Budget File</source>
        <translation>Файл бюджетов</translation>
    </message>
    <message>
        <source>Budget files (*.json);;All files (*)</source>
        <translation>Файлы бюджетов (*.json);;Все файлы (*)</translation>
    </message>
    <message>
        <source>OTLP receiver (server spans)</source>
        <translation>Приёмник OTLP (серверные спаны)</translation>
    </message>
    <message>
        <source>any free port</source>
        <translation>любой свободный порт</translation>
    </message>
    <message>
        <source>Listen on:</source>
        <translation>Слушать на:</translation>
    </message>
    <message>
        <source>%1 / %2 s</source>
        <translation>%1 / %2 с</translation>
    </message>
    <message>
        <source>Run %1: completed %L2, failed %L3, dropped %L4</source>
        <translation>Прогон %1: завершено %L2, с ошибкой %L3, отброшено %L4</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Завершён</translation>
    </message>
    <message>
        <source>Run %1 finished: its figures are on the other pages.</source>
        <translation>Прогон %1 завершён: его показатели — на других страницах.</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Ошибка</translation>
    </message>
    <message>
        <source>The environment variable %1, which should hold the API key, is not set. Set it in the environment Phasebench starts from, or clear the API key variable for an endpoint without authentication.</source>
        <translation>Переменная окружения %1, в которой должен быть ключ API, не задана. Задайте её в окружении, из которого запускается Phasebench, или очистите поле переменной ключа API для конечной точки без аутентификации.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Запуск…</translation>
    </message>
    <message>
        <source>(in the scenario)</source>
        <translation>(в сценарии)</translation>
    </message>
    <message>
        <source>JSON: %1</source>
        <translation>JSON: %1</translation>
    </message>
    <message>
        <source>Demo gateway: %1</source>
        <translation>Демо-шлюз: %1</translation>
    </message>
    <message>
        <source>Run %1 started.</source>
        <translation>Прогон %1 запущен.</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>Открыть сценарий</translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation>Сценарии (*.json);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>Сохранить сценарий</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>Сценарии (*.json)</translation>
    </message>
    <message>
        <source>The OTLP receivers (gRPC and HTTP) start with the run; their addresses and the exporter settings for vLLM appear here so that a server&apos;s exporter can be pointed at them.</source>
        <translation>Приёмники OTLP (gRPC и HTTP) запускаются вместе с прогоном; их адреса и настройки экспортёра для vLLM появляются здесь, чтобы на них можно было направить экспортёр сервера.</translation>
    </message>
    <message>
        <source>off</source>
        <translation>выкл.</translation>
    </message>
    <message>
        <source>OTLP/HTTP port:</source>
        <translation>Порт OTLP/HTTP:</translation>
    </message>
    <message>
        <source>OTLP/gRPC port:</source>
        <translation>Порт OTLP/gRPC:</translation>
    </message>
    <message>
        <source>OTLP/gRPC receiver: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Приёмник OTLP/gRPC: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>OTLP/HTTP receiver: &lt;b&gt;%1&lt;/b&gt; (protobuf or JSON)</source>
        <translation>Приёмник OTLP/HTTP: &lt;b&gt;%1&lt;/b&gt; (protobuf или JSON)</translation>
    </message>
    <message>
        <source>Point the server&apos;s exporter at it, e.g. for vLLM:</source>
        <translation>Направьте на него экспортёр сервера, например для vLLM:</translation>
    </message>
    <message>
        <source>or start vLLM with &lt;code&gt;%1&lt;/code&gt;.</source>
        <translation>или запустите vLLM с &lt;code&gt;%1&lt;/code&gt;.</translation>
    </message>
    <message>
        <source>&amp;Start Search</source>
        <translation>&amp;Начать поиск</translation>
    </message>
    <message>
        <source>Stage %1 %2.</source>
        <translation>Ступень %1: %2.</translation>
    </message>
    <message>
        <source>Stage %1: %2 req/s…</source>
        <translation>Ступень %1: %2 запр./с…</translation>
    </message>
    <message>
        <source>A capacity search decides each stage by budgets: choose a budget file.</source>
        <translation>Поиск пропускной способности решает каждую ступень по бюджетам: выберите файл бюджетов.</translation>
    </message>
</context>
<context>
    <name>pb::ui::LivePlot</name>
    <message>
        <source>Arrival rate (req/s)</source>
        <translation>Интенсивность поступления (запр./с)</translation>
    </message>
    <message>
        <source>In flight</source>
        <translation>В работе</translation>
    </message>
    <message>
        <source>Target rate</source>
        <translation>Целевая интенсивность</translation>
    </message>
    <message>
        <source>Achieved rate</source>
        <translation>Достигнутая интенсивность</translation>
    </message>
    <message>
        <source>Time since the run started (s)</source>
        <translation>Время с начала прогона (с)</translation>
    </message>
    <message>
        <source>Dropped</source>
        <translation>Отброшено</translation>
    </message>
    <message>
        <source>Dropped iterations</source>
        <translation>Отброшенные итерации</translation>
    </message>
    <message>
        <source>TTFT (first visible text) p95 (ms)</source>
        <translation>TTFT (первый видимый текст) p95 (мс)</translation>
    </message>
    <message>
        <source>TTFT (first visible text) p95 per interval</source>
        <translation>TTFT (первый видимый текст) p95 за интервал</translation>
    </message>
</context>
<context>
    <name>pb::ui::MainWindow</name>
    <message>
        <source>Requests</source>
        <translation>Запросы</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;New Workbench…</source>
        <translation>&amp;Новое рабочее место…</translation>
    </message>
    <message>
        <source>Create an empty workbench file</source>
        <translation>Создать пустой файл рабочего места</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Открыть…</translation>
    </message>
    <message>
        <source>Open a workbench file</source>
        <translation>Открыть файл рабочего места</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Открыть &amp;последние</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Импорт…</translation>
    </message>
    <message>
        <source>Import result files into the workbench, one run per file</source>
        <translation>Импортировать файлы результатов в рабочее место, по одному прогону на файл</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>В&amp;ыход</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>&amp;About Phasebench</source>
        <translation>&amp;О программе Phasebench</translation>
    </message>
    <message>
        <source>Cannot Create Workbench</source>
        <translation>Не удаётся создать рабочее место</translation>
    </message>
    <message>
        <source>Cannot Open Workbench</source>
        <translation>Не удаётся открыть рабочее место</translation>
    </message>
    <message>
        <source>Could not create %1.</source>
        <translation>Не удалось создать %1.</translation>
    </message>
    <message>
        <source>Could not open %1.</source>
        <translation>Не удалось открыть %1.</translation>
    </message>
    <message>
        <source>No workbench was open: importing into the default workbench %1</source>
        <translation>Рабочее место не было открыто: импорт в рабочее место по умолчанию %1</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Отмена…</translation>
    </message>
    <message>
        <source>New Workbench</source>
        <translation>Новое рабочее место</translation>
    </message>
    <message>
        <source>Phasebench workbench (*.phasebench)</source>
        <translation>Рабочее место Phasebench (*.phasebench)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Все файлы (*)</translation>
    </message>
    <message>
        <source>Open Workbench</source>
        <translation>Открыть рабочее место</translation>
    </message>
    <message>
        <source>Phasebench workbench (*.phasebench);;All files (*)</source>
        <translation>Рабочее место Phasebench (*.phasebench);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Импорт</translation>
    </message>
    <message>
        <source>About Phasebench</source>
        <translation>О программе Phasebench</translation>
    </message>
    <message>
        <source>Phasebench %1</source>
        <translation>Phasebench %1</translation>
    </message>
    <message>
        <source>A workbench for LLM API latency: which phase owns this p95?

Built with Qt %1.</source>
        <translation>Рабочее место для анализа задержек API LLM: какая фаза отвечает за этот p95?

Собрано с Qt %1.</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>Прогон %1: %2</translation>
    </message>
    <message>
        <source>Open a workbench file (File › Open, Ctrl+O) or create one (File › New Workbench, Ctrl+N).

Drop result files here to import them.</source>
        <translation>Откройте файл рабочего места (Файл › Открыть, Ctrl+O) или создайте новый (Файл › Новое рабочее место, Ctrl+N).

Перетащите сюда файлы результатов, чтобы импортировать их.</translation>
    </message>
    <message>
        <source>This workbench has no runs yet.

Import a result file (File › Import…, Ctrl+I) or drop one here.</source>
        <translation>В этом рабочем месте пока нет прогонов.

Импортируйте файл результатов (Файл › Импорт…, Ctrl+I) или перетащите его сюда.</translation>
    </message>
    <message>
        <source>Select a run in the list.</source>
        <translation>Выберите прогон в списке.</translation>
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
        <translation>Рабочее место не открыто</translation>
    </message>
    <message>
        <source>Runs: %L1</source>
        <translation>Прогонов: %L1</translation>
    </message>
    <message>
        <source>Run %1: %L2 requests</source>
        <translation>Прогон %1: запросов: %L2</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>Импорт %1…</translation>
    </message>
    <message>
        <source>Imported %1 into run %2 (requests: %L3).</source>
        <translation>%1 импортирован в прогон %2 (запросов: %L3).</translation>
    </message>
    <message>
        <source>Bad lines skipped: %L1.</source>
        <translation>Пропущено некорректных строк: %L1.</translation>
    </message>
    <message>
        <source>Import Failed</source>
        <translation>Ошибка импорта</translation>
    </message>
    <message>
        <source>Could not import %1.</source>
        <translation>Не удалось импортировать %1.</translation>
    </message>
    <message>
        <source>Nothing of this import was stored.</source>
        <translation>Ничего из этого импорта не сохранено.</translation>
    </message>
    <message>
        <source>Import of %1 cancelled; nothing of it was stored.</source>
        <translation>Импорт %1 отменён; ничего не сохранено.</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Обзор</translation>
    </message>
    <message>
        <source>Phase Percentiles</source>
        <translation>Перцентили фаз</translation>
    </message>
    <message>
        <source>Waterfall</source>
        <translation>Каскад</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Остановить</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Запуск</translation>
    </message>
    <message>
        <source>Run &amp;Demo…</source>
        <translation>Запустить &amp;демо…</translation>
    </message>
    <message>
        <source>Run the built-in demo gateway with a load run, live</source>
        <translation>Запустить встроенный демо-шлюз с нагрузочным прогоном в реальном времени</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Остановить</translation>
    </message>
    <message>
        <source>Starting the demo gateway…</source>
        <translation>Запуск демо-шлюза…</translation>
    </message>
    <message>
        <source>Stopping: requests in flight finish…</source>
        <translation>Остановка: выполняющиеся запросы завершаются…</translation>
    </message>
    <message>
        <source>%1 / %2 s</source>
        <translation>%1 / %2 с</translation>
    </message>
    <message>
        <source>Import CSV with Column &amp;Mapping…</source>
        <translation>Импорт CSV с &amp;сопоставлением столбцов…</translation>
    </message>
    <message>
        <source>Import any CSV file by saying what each of its columns holds</source>
        <translation>Импортировать любой CSV-файл, указав, что содержит каждый из его столбцов</translation>
    </message>
    <message>
        <source>Import CSV with Column Mapping</source>
        <translation>Импорт CSV с сопоставлением столбцов</translation>
    </message>
    <message>
        <source>Delimited text (*.csv *.tsv *.txt);;All files (*)</source>
        <translation>Текст с разделителями (*.csv *.tsv *.txt);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation>Диагностика</translation>
    </message>
    <message>
        <source>Trace %1 is not in the shown run.</source>
        <translation>Трассы %1 нет в показанном прогоне.</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Правка</translation>
    </message>
    <message>
        <source>&amp;Launch Run…</source>
        <translation>&amp;Запустить прогон…</translation>
    </message>
    <message>
        <source>Edit or open a scenario and run it against the demo gateway or an endpoint</source>
        <translation>Изменить или открыть сценарий и запустить его на демо-шлюзе или конечной точке</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Временная шкала</translation>
    </message>
    <message>
        <source>Explorer</source>
        <translation>Обозреватель</translation>
    </message>
    <message>
        <source>Distributions</source>
        <translation>Распределения</translation>
    </message>
    <message>
        <source>Run Launcher</source>
        <translation>Запуск прогонов</translation>
    </message>
    <message>
        <source>Workbench Is Read-Only</source>
        <translation>Рабочее место только для чтения</translation>
    </message>
    <message>
        <source>%1 is read-only; nothing can be imported into it.</source>
        <translation>%1 доступен только для чтения; в него ничего нельзя импортировать.</translation>
    </message>
    <message>
        <source>Open or create a writable workbench file (File › New, Ctrl+N) and import there.</source>
        <translation>Откройте или создайте доступный для записи файл рабочего места (Файл › Создать, Ctrl+N) и импортируйте туда.</translation>
    </message>
    <message>
        <source>%1 is read-only; a run cannot be stored in it.</source>
        <translation>%1 доступен только для чтения; прогон нельзя в нём сохранить.</translation>
    </message>
    <message>
        <source>Open or create a writable workbench file (File › New, Ctrl+N) and launch there.</source>
        <translation>Откройте или создайте доступный для записи файл рабочего места (Файл › Создать, Ctrl+N) и запускайте там.</translation>
    </message>
    <message>
        <source>Stop the run; requests in flight finish</source>
        <translation>Остановить прогон; выполняющиеся запросы завершатся</translation>
    </message>
    <message>
        <source>%1 is read-only (file or folder permissions, or read-only media). Its runs can be viewed; importing and new runs are off. Copy it somewhere writable to add runs.</source>
        <translation>%1 доступен только для чтения (права на файл или папку либо носитель только для чтения). Его прогоны можно просматривать; импорт и новые прогоны отключены. Скопируйте его в доступное для записи место, чтобы добавлять прогоны.</translation>
    </message>
    <message>
        <source>Wait for the import or the run to finish, or stop it, before opening another workbench.</source>
        <translation>Дождитесь завершения импорта или прогона либо остановите его, прежде чем открывать другое рабочее место.</translation>
    </message>
    <message>
        <source>Wait for the running work to finish before starting a run.</source>
        <translation>Дождитесь завершения текущей работы, прежде чем запускать прогон.</translation>
    </message>
    <message>
        <source>Starting the run…</source>
        <translation>Запуск прогона…</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Прогон %1</translation>
    </message>
    <message>
        <source>Run %1: completed %L2, failed %L3, dropped %L4</source>
        <translation>Прогон %1: завершено %L2, с ошибкой %L3, отброшено %L4</translation>
    </message>
    <message>
        <source>Run %1 finished.</source>
        <translation>Прогон %1 завершён.</translation>
    </message>
    <message>
        <source>Run Failed</source>
        <translation>Ошибка прогона</translation>
    </message>
    <message>
        <source>The run could not complete.</source>
        <translation>Не удалось завершить прогон.</translation>
    </message>
    <message>
        <source>Fetch Failed</source>
        <translation>Ошибка загрузки</translation>
    </message>
    <message>
        <source>Could not fetch traces from Jaeger.</source>
        <translation>Не удалось загрузить трассы из Jaeger.</translation>
    </message>
    <message>
        <source>&amp;Fetch Traces from Jaeger…</source>
        <translation>Загрузить &amp;трассы из Jaeger…</translation>
    </message>
    <message>
        <source>Select the run whose traces to fetch.</source>
        <translation>Выберите прогон, трассы которого нужно загрузить.</translation>
    </message>
    <message>
        <source>Fetch the selected run&apos;s server traces from Jaeger by trace ID and join them</source>
        <translation>Загрузить серверные трассы выбранного прогона из Jaeger по trace ID и сопоставить их</translation>
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
        <translation>шлюз: %1</translation>
    </message>
    <message>
        <source>Exporter settings for vLLM and OpenTelemetry SDKs:
%1
or: vllm serve … %2</source>
        <translation>Настройки экспортёра для vLLM и SDK OpenTelemetry:
%1
или: vllm serve … %2</translation>
    </message>
    <message>
        <source>Stop loading the run</source>
        <translation>Остановить загрузку прогона</translation>
    </message>
    <message>
        <source>Loading run %1…</source>
        <translation>Загрузка прогона %1…</translation>
    </message>
    <message>
        <source>Joining the spans of run %1…</source>
        <translation>Сопоставление спанов прогона %1…</translation>
    </message>
    <message>
        <source>Cannot load run %1: %2</source>
        <translation>Не удаётся загрузить прогон %1: %2</translation>
    </message>
    <message>
        <source>Loading the run was cancelled; select it again to load it.</source>
        <translation>Загрузка прогона отменена; выберите его снова, чтобы загрузить.</translation>
    </message>
    <message>
        <source>Could not upgrade %1 to this version&apos;s format.</source>
        <translation>Не удалось обновить %1 до формата этой версии.</translation>
    </message>
    <message>
        <source>The upgrade of %1 was cancelled; the file is unchanged. Open it again to upgrade it.</source>
        <translation>Обновление %1 отменено; файл не изменён. Откройте его снова, чтобы обновить.</translation>
    </message>
    <message>
        <source>Wait for the upgrade of %1 to finish, or cancel it, before opening another workbench.</source>
        <translation>Дождитесь окончания обновления %1 или отмените его, прежде чем открывать другое рабочее место.</translation>
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
        <translation>недоступно</translation>
    </message>
    <message>
        <source>%L1 %</source>
        <translation>%L1 %</translation>
    </message>
    <message>
        <source>%L1 of %L2</source>
        <translation>%L1 из %L2</translation>
    </message>
    <message>
        <source>%L1 req/s</source>
        <translation>%L1 запр./с</translation>
    </message>
    <message>
        <source>%L1 not completed, %L2 over a budget, %L3 without a value</source>
        <translation>не завершено %L1, сверх бюджета %L2, без значения %L3</translation>
    </message>
    <message>
        <source>A request is good when it completed and each per-request value that a budget covers is within the budget&apos;s threshold; a request without such a value is not good.</source>
        <translation>Запрос считается годным, если он завершился и каждое его значение, на которое распространяется бюджет, не выходит за порог этого бюджета; запрос без такого значения негоден.</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Этап</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>Goodput</translation>
    </message>
    <message>
        <source>Good requests</source>
        <translation>Годные запросы</translation>
    </message>
    <message>
        <source>Goodput rate</source>
        <translation>Интенсивность goodput</translation>
    </message>
    <message>
        <source>Not good</source>
        <translation>Негодные</translation>
    </message>
    <message>
        <source>Per-request thresholds</source>
        <translation>Пороги на запрос</translation>
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
        <translation>%L1 мс</translation>
    </message>
    <message>
        <source>[%1, %2] ms</source>
        <translation>[%1, %2] мс</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>недоступно</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Фаза</translation>
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
        <translation>интервал p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>p99 interval</source>
        <translation>интервал p99</translation>
    </message>
    <message>
        <source>Definition</source>
        <translation>Определение</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Этап</translation>
    </message>
    <message>
        <source>%1*</source>
        <translation>%1*</translation>
    </message>
    <message>
        <source>* the largest value: too few requests for this percentile to differ from the slowest one.</source>
        <translation>* наибольшее значение: запросов слишком мало, чтобы этот процентиль отличался от самого медленного.</translation>
    </message>
    <message>
        <source>Model/scenario</source>
        <translation>Модель/сценарий</translation>
    </message>
    <message>
        <source>The request at this percentile: %1 (rank %2 of %3). Double-click or press Enter to open it in the Waterfall.</source>
        <translation>Запрос этого процентиля: %1 (ранг %2 из %3). Дважды щёлкните или нажмите Enter, чтобы открыть его в диаграмме-водопаде.</translation>
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
        <translation>Статус:</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>Вид:</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>Источник:</translation>
    </message>
    <message>
        <source>Scenario:</source>
        <translation>Сценарий:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Модель:</translation>
    </message>
    <message>
        <source>Endpoint host:</source>
        <translation>Хост конечной точки:</translation>
    </message>
    <message>
        <source>Streaming:</source>
        <translation>Потоковая передача:</translation>
    </message>
    <message>
        <source>Arrival rate:</source>
        <translation>Интенсивность поступления:</translation>
    </message>
    <message>
        <source>Dropped iterations:</source>
        <translation>Пропущенные итерации:</translation>
    </message>
    <message>
        <source>Generator lag p99:</source>
        <translation>Отставание генератора p99:</translation>
    </message>
    <message>
        <source>Outcomes:</source>
        <translation>Исходы:</translation>
    </message>
    <message>
        <source>Join coverage:</source>
        <translation>Покрытие сопоставления:</translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation>Область:</translation>
    </message>
    <message>
        <source>Window:</source>
        <translation>Окно:</translation>
    </message>
    <message>
        <source>Statistic:</source>
        <translation>Статистика:</translation>
    </message>
    <message>
        <source>Cannot compute the overview: %1</source>
        <translation>Не удаётся построить обзор: %1</translation>
    </message>
    <message>
        <source>No run selected</source>
        <translation>Прогон не выбран</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Вычисление…</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>Прогон %1: %2</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>%L1 req/s</source>
        <translation>%L1 запр./с</translation>
    </message>
    <message>
        <source>requested %1, achieved %2</source>
        <translation>запрошено %1, достигнуто %2</translation>
    </message>
    <message>
        <source>(from the live samples so far)</source>
        <translation>(по данным, полученным в реальном времени на данный момент)</translation>
    </message>
    <message>
        <source>started %L1; errors %2, timeouts %3, cancelled %4, partial %5</source>
        <translation>начато %L1; ошибки %2, тайм-ауты %3, отменено %4, частичные %5</translation>
    </message>
    <message>
        <source>no server spans in this run</source>
        <translation>в этом прогоне нет серверных спанов</translation>
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
        <translation>по этапам, никогда не объединяются: %1</translation>
    </message>
    <message>
        <source>— generator-bound: %1; the figures are not those of an open-model test at the requested rate</source>
        <translation>— упор в генератор: %1; величины не соответствуют тесту открытой модели при запрошенной интенсивности</translation>
    </message>
    <message>
        <source>* the largest value: too few requests for this percentile to differ from the slowest one.</source>
        <translation>* наибольшее значение: запросов слишком мало, чтобы этот процентиль отличался от самого медленного.</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>per stage, model and scenario, never pooled: %1</source>
        <translation>по этапам, моделям и сценариям, никогда не объединяются: %1</translation>
    </message>
    <message>
        <source>Generator CPU:</source>
        <translation>CPU генератора:</translation>
    </message>
    <message>
        <source>The load generator&apos;s own CPU per request sent: its engine thread (schedule, HTTP, parsing) and the thread that stores the records</source>
        <translation>Собственное процессорное время генератора нагрузки на отправленный запрос: поток движка (расписание, HTTP, разбор) и поток, сохраняющий записи</translation>
    </message>
    <message>
        <source>%1 µs per request (engine %2 µs, writer %3 µs); %4 s over %5 requests</source>
        <translation>%1 мкс на запрос (движок %2 мкс, запись %3 мкс); %4 с на %5 запросов</translation>
    </message>
    <message>
        <source>%1 µs per request (engine thread); %2 s over %3 requests</source>
        <translation>%1 мкс на запрос (поток движка); %2 с на %3 запросов</translation>
    </message>
    <message>
        <source>not recorded (not a load run of Phasebench)</source>
        <translation>не записано (это не нагрузочный прогон Phasebench)</translation>
    </message>
    <message>
        <source> — server phases from spans on %L1 attempts, from the responses&apos; own timings on %L2 (%3: %L4 from response metrics, %L5 from headers)</source>
        <translation> — фазы сервера из спанов в %L1 попытках, из собственных таймингов ответов в %L2 (%3: %L4 из метрик ответа, %L5 из заголовков)</translation>
    </message>
    <message>
        <source>both sources on %L1 attempts: %2 spans − response median %L3 ms, p95 |difference| %L4 ms</source>
        <translation>оба источника в %L1 попытках: %2 спаны − ответ, медиана %L3 мс, p95 |разницы| %L4 мс</translation>
    </message>
    <message>
        <source>cached-token share %1 (%L2 of %L3 requests hit)</source>
        <translation>доля кэшированных токенов %1 (попаданий: %L2 из %L3 запросов)</translation>
    </message>
    <message>
        <source>; TTFT (first text) hit p50 %1, p95 %2 (N %L3); miss p50 %4, p95 %5 (N %L6)</source>
        <translation>; TTFT (первый текст) попадание p50 %1, p95 %2 (N %L3); промах p50 %4, p95 %5 (N %L6)</translation>
    </message>
    <message>
        <source>target&apos;s hit rate %1 (%2)</source>
        <translation>доля попаданий цели %1 (%2)</translation>
    </message>
    <message>
        <source>Prefix cache:</source>
        <translation>Кэш префиксов:</translation>
    </message>
    <message>
        <source>%L1 sessions stopped by the run&apos;s end before their last turn</source>
        <translation>Сессий, остановленных окончанием прогона до последнего хода: %L1</translation>
    </message>
</context>
<context>
    <name>pb::ui::PhasePercentilesPage</name>
    <message>
        <source>Client phases (setup, send, wait, receive)</source>
        <translation>Фазы клиента (установка, отправка, ожидание, получение)</translation>
    </message>
    <message>
        <source>Streaming (first text, generation)</source>
        <translation>Потоковая передача (первый текст, генерация)</translation>
    </message>
    <message>
        <source>Server phases (gateway, GPU queue, generation, …)</source>
        <translation>Фазы сервера (шлюз, очередь GPU, генерация, …)</translation>
    </message>
    <message>
        <source>Bars: the mean composition of the requests ranked in a band around each percentile of the total; their segments add up to the band&apos;s mean total (&quot;other&quot; holds time no phase accounts for). Table: each phase&apos;s own percentile over the same requests; these come from different requests and do not add up.</source>
        <translation>Столбцы: средний состав запросов, попавших в полосу около каждого перцентиля итога; их сегменты в сумме дают среднее итоговое время полосы (&quot;other&quot; — время, не отнесённое ни к одной фазе). Таблица: собственный перцентиль каждой фазы по тем же запросам; эти значения берутся из разных запросов и не складываются.</translation>
    </message>
    <message>
        <source>Phases:</source>
        <translation>Фазы:</translation>
    </message>
    <message>
        <source>Cannot compute the composition: %1</source>
        <translation>Не удаётся вычислить состав: %1</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Вычисление…</translation>
    </message>
    <message>
        <source>attempts</source>
        <translation>попытки</translation>
    </message>
    <message>
        <source>logical requests (retries merged)</source>
        <translation>логические запросы (повторы объединены)</translation>
    </message>
    <message>
        <source>Events:</source>
        <translation>События:</translation>
    </message>
    <message>
        <source>Percentiles:</source>
        <translation>Перцентили:</translation>
    </message>
    <message>
        <source>Scope: %1. Window: %2.</source>
        <translation>Область: %1. Окно: %2.</translation>
    </message>
    <message>
        <source>Window:</source>
        <translation>Окно:</translation>
    </message>
    <message>
        <source>run&apos;s window</source>
        <translation>окно прогона</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>весь прогон</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>ступень %1</translation>
    </message>
    <message>
        <source>Negative on average, drawn as zero in the chart: %1 (their values are in the table).</source>
        <translation>Отрицательные в среднем, на графике показаны как ноль: %1 (их значения — в таблице).</translation>
    </message>
    <message>
        <source>Group:</source>
        <translation>Группа:</translation>
    </message>
    <message>
        <source>Models and scenarios are shown one group at a time; all groups together only when chosen, labelled pooled</source>
        <translation>Модели и сценарии показываются по одной группе; все группы вместе — только по выбору, с пометкой «объединённые»</translation>
    </message>
    <message>
        <source>all groups (pooled)</source>
        <translation>все группы (объединённые)</translation>
    </message>
    <message>
        <source>Double-click a bar to open the request at its percentile in the Waterfall.</source>
        <translation>Дважды щёлкните столбец, чтобы открыть запрос его процентиля в диаграмме-водопаде.</translation>
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
        <translation>Очистить меню</translation>
    </message>
</context>
<context>
    <name>pb::ui::ReconciliationModel</name>
    <message>
        <source>client total</source>
        <translation>итог клиента</translation>
    </message>
    <message>
        <source>server root</source>
        <translation>корень сервера</translation>
    </message>
    <message>
        <source>network envelope (total - root)</source>
        <translation>сетевая оболочка (итог - корень)</translation>
    </message>
    <message>
        <source>gateway</source>
        <translation>шлюз</translation>
    </message>
    <message>
        <source>GPU queue</source>
        <translation>очередь GPU</translation>
    </message>
    <message>
        <source>generation</source>
        <translation>генерация</translation>
    </message>
    <message>
        <source>  prefill</source>
        <translation>  prefill</translation>
    </message>
    <message>
        <source>  decode</source>
        <translation>  декодирование</translation>
    </message>
    <message>
        <source>response write</source>
        <translation>запись ответа</translation>
    </message>
    <message>
        <source>unattributed (root - phases)</source>
        <translation>не отнесено (корень - фазы)</translation>
    </message>
    <message>
        <source>server TTFT</source>
        <translation>TTFT сервера</translation>
    </message>
    <message>
        <source>stream envelope (first_text - server TTFT)</source>
        <translation>оболочка потока (first_text - TTFT сервера)</translation>
    </message>
    <message>
        <source>join</source>
        <translation>сопоставление</translation>
    </message>
    <message>
        <source>%L1 ms</source>
        <translation>%L1 мс</translation>
    </message>
    <message>
        <source>(negative: wrong boundaries or a wrong join)</source>
        <translation>(отрицательно: неверные границы или неверное сопоставление)</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Показатель</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Значение</translation>
    </message>
    <message>
        <source>external provider</source>
        <translation>внешний провайдер</translation>
    </message>
</context>
<context>
    <name>pb::ui::RequestsPage</name>
    <message>
        <source>Sorting…</source>
        <translation>Сортировка…</translation>
    </message>
    <message>
        <source>Cannot read this run: %1</source>
        <translation>Не удаётся прочитать этот прогон: %1</translation>
    </message>
    <message>
        <source>Requests: %L1</source>
        <translation>Запросов: %L1</translation>
    </message>
    <message>
        <source>(over the memory budget: id columns not loaded)</source>
        <translation>(превышен бюджет памяти: столбцы id не загружены)</translation>
    </message>
    <message>
        <source>Showing only the requests of this range of the Timeline; click to clear it</source>
        <translation>Показаны только запросы из этого интервала временной шкалы; нажмите, чтобы сбросить</translation>
    </message>
    <message>
        <source>Time %1  ✕</source>
        <translation>Время %1  ✕</translation>
    </message>
    <message>
        <source>Filtering…</source>
        <translation>Фильтрация…</translation>
    </message>
    <message>
        <source>Requests: %L1 of %L2 in the time range</source>
        <translation>Запросы: %L1 из %L2 в интервале времени</translation>
    </message>
    <message>
        <source>The request with trace ID %1 is outside the selected time range.</source>
        <translation>Запрос с идентификатором трассы %1 вне выбранного интервала времени.</translation>
    </message>
</context>
<context>
    <name>pb::ui::RunController</name>
    <message>
        <source>The run was cancelled.</source>
        <translation>Прогон отменён.</translation>
    </message>
    <message>
        <source>A run is already running.</source>
        <translation>Прогон уже выполняется.</translation>
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
        <translation>Имя</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Запросы</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>Создан (UTC)</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>Прогон %1: %2</translation>
    </message>
    <message>
        <source>%1, %2, %L3 requests</source>
        <translation>%1, %2, запросов: %L3</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>Источник: %1</translation>
    </message>
    <message>
        <source>Created: %1</source>
        <translation>Создан: %1</translation>
    </message>
</context>
<context>
    <name>pb::ui::RunPage</name>
    <message>
        <source>Loading the run…</source>
        <translation>Загрузка прогона…</translation>
    </message>
</context>
<context>
    <name>pb::ui::RunsPage</name>
    <message>
        <source>Runs</source>
        <translation>Прогоны</translation>
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
        <translation>Сценарий — это объект JSON ({ … }).</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Не удаётся прочитать %1: %2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не удаётся записать %1: %2</translation>
    </message>
</context>
<context>
    <name>pb::ui::StagesModel</name>
    <message>
        <source>Stage</source>
        <translation>Ступень</translation>
    </message>
    <message>
        <source>Target (req/s)</source>
        <translation>Цель (запр./с)</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Длительность</translation>
    </message>
    <message>
        <source>Ramp</source>
        <translation>Нарастание</translation>
    </message>
</context>
<context>
    <name>pb::ui::TableCopy</name>
    <message>
        <source>Copy as CSV</source>
        <translation>Копировать как CSV</translation>
    </message>
</context>
<context>
    <name>pb::ui::TimeRangeSelection</name>
    <message>
        <source>%L1 s – %L2 s</source>
        <translation>%L1 с – %L2 с</translation>
    </message>
</context>
<context>
    <name>pb::ui::TimelinePage</name>
    <message>
        <source>automatic</source>
        <translation>автоматически</translation>
    </message>
    <message>
        <source>1 s</source>
        <translation>1 с</translation>
    </message>
    <message>
        <source>5 s</source>
        <translation>5 с</translation>
    </message>
    <message>
        <source>10 s</source>
        <translation>10 с</translation>
    </message>
    <message>
        <source>60 s</source>
        <translation>60 с</translation>
    </message>
    <message>
        <source>Interval:</source>
        <translation>Интервал:</translation>
    </message>
    <message>
        <source>Percentiles:</source>
        <translation>Перцентили:</translation>
    </message>
    <message>
        <source>Cannot compute the timeline: %1</source>
        <translation>Не удаётся построить временную шкалу: %1</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Вычисление…</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>%1 s (automatic)</source>
        <translation>%1 с (автоматически)</translation>
    </message>
    <message>
        <source>Latency and errors: scope %1; window %2; interval %3; %4.</source>
        <translation>Задержка и ошибки: область %1; окно %2; интервал %3; %4.</translation>
    </message>
    <message>
        <source>Knee: one point per stage; throughput counts the completions of the run&apos;s load samples over the stage&apos;s span moved later by its median total.</source>
        <translation>Колено: одна точка на ступень; пропускная способность считает завершения по выборкам нагрузки прогона за интервал ступени, сдвинутый позже на её медианное общее время.</translation>
    </message>
    <message>
        <source>Knee: one point per stage; throughput counts completed requests (start + total) over the stage&apos;s span moved later by its median total.</source>
        <translation>Колено: одна точка на ступень; пропускная способность считает завершённые запросы (начало + общее время) за интервал ступени, сдвинутый позже на её медианное общее время.</translation>
    </message>
    <message>
        <source>Show in Explorer</source>
        <translation>Показать в обозревателе</translation>
    </message>
    <message>
        <source>Show in Requests</source>
        <translation>Показать в запросах</translation>
    </message>
    <message>
        <source>Set Range…</source>
        <translation>Задать интервал…</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Сбросить</translation>
    </message>
    <message>
        <source>List the requests of the selected range in the Explorer</source>
        <translation>Показать запросы выбранного интервала в обозревателе</translation>
    </message>
    <message>
        <source>Show only the requests of the selected range on the Requests page</source>
        <translation>Показать на странице запросов только запросы выбранного интервала</translation>
    </message>
    <message>
        <source>Type the range&apos;s bounds</source>
        <translation>Ввести границы интервала</translation>
    </message>
    <message>
        <source>Clear the time range on every page (Esc)</source>
        <translation>Сбросить интервал времени на всех страницах (Esc)</translation>
    </message>
    <message numerus="yes">
        <source>Selected %1: %Ln request(s)</source>
        <translation>
            <numerusform>Выбрано %1: %Ln запрос</numerusform>
            <numerusform>Выбрано %1: %Ln запроса</numerusform>
            <numerusform>Выбрано %1: %Ln запросов</numerusform>
        </translation>
    </message>
    <message>
        <source>Shift+drag on a plot selects a time range.</source>
        <translation>Shift+перетаскивание на графике выделяет интервал времени.</translation>
    </message>
    <message>
        <source>Selected %1: counting…</source>
        <translation>Выбрано %1: подсчёт…</translation>
    </message>
    <message>
        <source>Select Time Range</source>
        <translation>Выбор интервала времени</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>From:</source>
        <translation>С:</translation>
    </message>
    <message>
        <source>To (excluded):</source>
        <translation>До (не включая):</translation>
    </message>
</context>
<context>
    <name>pb::ui::TimelinePlots</name>
    <message>
        <source>time from run start (s)</source>
        <translation>время от начала прогона (с)</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>отброшено</translation>
    </message>
    <message>
        <source>latency (ms)</source>
        <translation>задержка (мс)</translation>
    </message>
    <message>
        <source>%1 s intervals</source>
        <translation>интервалы по %1 с</translation>
    </message>
    <message>
        <source>achieved (started)</source>
        <translation>достигнуто (начато)</translation>
    </message>
    <message>
        <source>started (from requests)</source>
        <translation>начато (по запросам)</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>завершено</translation>
    </message>
    <message>
        <source>target</source>
        <translation>цель</translation>
    </message>
    <message>
        <source>Arrival rate, from the run&apos;s load samples (closed model: no target rate); %1</source>
        <translation>Интенсивность поступления по выборкам нагрузки прогона (закрытая модель: без целевой интенсивности); %1</translation>
    </message>
    <message>
        <source>Target vs achieved arrival rate, from the run&apos;s load samples; %1</source>
        <translation>Целевая и достигнутая интенсивность поступления по выборкам нагрузки прогона; %1</translation>
    </message>
    <message>
        <source>Imported run without load samples: started requests per second,
derived from the request table; no target rate; %1</source>
        <translation>Импортированный прогон без выборок нагрузки: начатые запросы в секунду,
выведенные из таблицы запросов; без целевой интенсивности; %1</translation>
    </message>
    <message>
        <source>in flight (mean)</source>
        <translation>в работе (среднее)</translation>
    </message>
    <message>
        <source>dropped iterations</source>
        <translation>отброшенные итерации</translation>
    </message>
    <message>
        <source>Requests in flight and dropped iterations, from the load samples</source>
        <translation>Запросы в работе и отброшенные итерации по выборкам нагрузки</translation>
    </message>
    <message>
        <source>No in-flight count (the import has no load samples); dropped iterations from the request table</source>
        <translation>Нет числа запросов в работе (в импорте нет выборок нагрузки); отброшенные итерации — по таблице запросов</translation>
    </message>
    <message>
        <source>%1 of TTFT (first visible text), GPU queue and total per interval</source>
        <translation>%1 для TTFT (первый видимый текст), очереди GPU и общего времени по интервалам</translation>
    </message>
    <message>
        <source>%1 of TTFT (first visible text) and total per interval; no GPU queue without joined server spans</source>
        <translation>%1 для TTFT (первый видимый текст) и общего времени по интервалам; без очереди GPU, так как нет сопоставленных серверных спанов</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>ошибки</translation>
    </message>
    <message>
        <source>Provider and client errors as a share of started requests</source>
        <translation>Ошибки провайдера и клиента как доля начатых запросов</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>запросов/с</translation>
    </message>
    <message>
        <source>in flight</source>
        <translation>в работе</translation>
    </message>
    <message>
        <source>% of started</source>
        <translation>% от начатых</translation>
    </message>
    <message>
        <source>%1 (ms)</source>
        <translation>%1 (мс)</translation>
    </message>
    <message>
        <source>running</source>
        <translation>выполняются</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>ожидают</translation>
    </message>
    <message>
        <source>KV cache %</source>
        <translation>KV-кэш %</translation>
    </message>
    <message>
        <source>prompt tokens/s</source>
        <translation>токены промпта/с</translation>
    </message>
    <message>
        <source>generation tokens/s</source>
        <translation>токены генерации/с</translation>
    </message>
    <message>
        <source>preemptions/s</source>
        <translation>вытеснения/с</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>запросы</translation>
    </message>
    <message>
        <source>per second</source>
        <translation>в секунду</translation>
    </message>
    <message>
        <source>The target&apos;s /metrics, every %1 s</source>
        <translation>/metrics цели, каждые %1 с</translation>
    </message>
    <message>
        <source>; %1 of %2 scrapes failed</source>
        <translation>; не удалось %1 из %2 опросов</translation>
    </message>
    <message>
        <source>The target&apos;s counters per second</source>
        <translation>Счётчики цели в секунду</translation>
    </message>
    <message>
        <source>Drag to pan, wheel to zoom; Shift+drag to select a time range</source>
        <translation>Перетаскивание — прокрутка, колесо — масштаб; Shift+перетаскивание — выбор интервала времени</translation>
    </message>
    <message>
        <source>Drag to pan, wheel to zoom; Shift+drag to select a time range; double-click a point to open the request at its percentile</source>
        <translation>Перетаскивание — прокрутка, колесо — масштаб; Shift+перетаскивание — выбор интервала времени; двойной щелчок по точке открывает запрос её перцентиля</translation>
    </message>
    <message>
        <source>prefix-cache queried tokens/s</source>
        <translation>запрошенных в кэше префиксов токенов/с</translation>
    </message>
    <message>
        <source>prefix-cache hit tokens/s</source>
        <translation>токенов-попаданий в кэш префиксов/с</translation>
    </message>
    <message>
        <source>prefix-cache hit rate</source>
        <translation>доля попаданий в кэш префиксов</translation>
    </message>
</context>
<context>
    <name>pb::ui::TraceFinder</name>
    <message>
        <source>No run is shown.</source>
        <translation>Прогон не показан.</translation>
    </message>
    <message>
        <source>Run %1 has no request with trace ID %2.</source>
        <translation>В прогоне %1 нет запроса с trace ID %2.</translation>
    </message>
    <message>
        <source>The request with trace ID %1 is not in the table yet.</source>
        <translation>Запроса с trace ID %1 пока нет в таблице.</translation>
    </message>
    <message>
        <source>&amp;Find Trace…</source>
        <translation>&amp;Найти трассу…</translation>
    </message>
    <message>
        <source>Select a request of the shown run by its trace ID</source>
        <translation>Выбрать запрос показанного прогона по его trace ID</translation>
    </message>
    <message>
        <source>Find Trace</source>
        <translation>Найти трассу</translation>
    </message>
    <message>
        <source>Trace ID (32 hex digits):</source>
        <translation>Trace ID (32 шестнадцатеричные цифры):</translation>
    </message>
    <message>
        <source>Cannot look the trace up: %1</source>
        <translation>Не удаётся найти трассу: %1</translation>
    </message>
    <message>
        <source>Finding trace %1…</source>
        <translation>Поиск трассы %1…</translation>
    </message>
</context>
<context>
    <name>pb::ui::UpgradeController</name>
    <message>
        <source>Stop the upgrade; the file stays as it was</source>
        <translation>Остановить обновление; файл останется прежним</translation>
    </message>
    <message>
        <source>Upgrading %1 to this version&apos;s format…</source>
        <translation>Обновление %1 до формата этой версии…</translation>
    </message>
    <message>
        <source>Stopping the upgrade…</source>
        <translation>Остановка обновления…</translation>
    </message>
</context>
<context>
    <name>pb::ui::VerdictWidget</name>
    <message>
        <source>Budgets…</source>
        <translation>Бюджеты…</translation>
    </message>
    <message>
        <source>Evaluate a budget file (JSON) on this run</source>
        <translation>Оценить файл бюджетов (JSON) на этом прогоне</translation>
    </message>
    <message>
        <source>Cannot evaluate the budgets: %1</source>
        <translation>Не удаётся оценить бюджеты: %1</translation>
    </message>
    <message>
        <source>Evaluate budgets</source>
        <translation>Оценка бюджетов</translation>
    </message>
    <message>
        <source>Budget files (*.json);;All files (*)</source>
        <translation>Файлы бюджетов (*.json);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Evaluating the budgets…</source>
        <translation>Оценка бюджетов…</translation>
    </message>
    <message>
        <source>No budgets were stored with this run: load a budget file (Budgets…).</source>
        <translation>С этим прогоном не сохранены бюджеты: загрузите файл бюджетов (Бюджеты…).</translation>
    </message>
    <message>
        <source>SLO verdict: %1</source>
        <translation>Вердикт SLO: %1</translation>
    </message>
    <message>
        <source>— %1 broke its budget first: %2 %3 against %4 (n = %L5)</source>
        <translation>— %1 первым нарушил бюджет: %2 %3 при пороге %4 (n = %L5)</translation>
    </message>
    <message>
        <source>(likely owner: %1)</source>
        <translation>(вероятный ответственный: %1)</translation>
    </message>
    <message>
        <source>Budgets: %1</source>
        <translation>Бюджеты: %1</translation>
    </message>
    <message>
        <source>No budget was stored before the run started; the first stored version (set %1) is used.</source>
        <translation>До начала прогона бюджет не был сохранён; используется первая сохранённая версия (задана %1).</translation>
    </message>
    <message>
        <source>Thresholds changed after the run started:</source>
        <translation>Пороги изменились после начала прогона:</translation>
    </message>
    <message>
        <source>%1: %2 → %3 (version %4, set %5)</source>
        <translation>%1: %2 → %3 (версия %4, задана %5)</translation>
    </message>
    <message>
        <source>Knee: stage %1</source>
        <translation>Колено: ступень %1</translation>
    </message>
    <message>
        <source>(%1 req/s arrived, %2 req/s completed, queue p95 %3 ms)</source>
        <translation>(поступило %1 запр./с, завершено %2 запр./с, очередь p95 %3 мс)</translation>
    </message>
    <message>
        <source>highest stage that met the budgets: %1</source>
        <translation>наивысшая ступень, уложившаяся в бюджеты: %1</translation>
    </message>
    <message numerus="yes">
        <source>Finding 1 of %n: %1 Likely owner: %2. First check: %3</source>
        <translation>
            <numerusform>Вывод 1 из %n: %1 Вероятный ответственный: %2. Первая проверка: %3</numerusform>
            <numerusform>Вывод 1 из %n: %1 Вероятный ответственный: %2. Первая проверка: %3</numerusform>
            <numerusform>Вывод 1 из %n: %1 Вероятный ответственный: %2. Первая проверка: %3</numerusform>
        </translation>
    </message>
    <message>
        <source>in stage %1</source>
        <translation>на этапе %1</translation>
    </message>
    <message>
        <source>Of the %1 requests over %2%3, %4 (%5%, interval %6–%7%) are dominated by %8</source>
        <translation>Из %1 запросов сверх %2%3 %4 (%5%, интервал %6–%7%) определяются фазой %8</translation>
    </message>
    <message>
        <source>(owner: %1)</source>
        <translation>(владелец: %1)</translation>
    </message>
    <message>
        <source>; next %1 (%2)</source>
        <translation>; далее %1 (%2)</translation>
    </message>
    <message>
        <source>; %1 without measured phases</source>
        <translation>; %1 без измеренных фаз</translation>
    </message>
</context>
<context>
    <name>pb::ui::WaterfallPage</name>
    <message>
        <source>Cannot show the trace: %1</source>
        <translation>Не удаётся показать трассу: %1</translation>
    </message>
    <message>
        <source>Select a request in the Requests page to see its waterfall.</source>
        <translation>Выберите запрос на странице «Запросы», чтобы увидеть его каскад.</translation>
    </message>
    <message>
        <source>Loading request %1…</source>
        <translation>Загрузка запроса %1…</translation>
    </message>
    <message>
        <source>Request %1 of run %2 (no trace ID)</source>
        <translation>Запрос %1 прогона %2 (без trace ID)</translation>
    </message>
    <message>
        <source>Request %1 of run %2, trace %3</source>
        <translation>Запрос %1 прогона %2, трасса %3</translation>
    </message>
</context>
<context>
    <name>pb::ui::WaterfallPlot</name>
    <message>
        <source>ms from the attempt&apos;s start (client clock)</source>
        <translation>мс от начала попытки (часы клиента)</translation>
    </message>
    <message>
        <source> %L1 ms</source>
        <translation> %L1 мс</translation>
    </message>
    <message>
        <source>chunks</source>
        <translation>фрагменты</translation>
    </message>
    <message>
        <source>Server spans on the client axis assume a symmetric network:
the root starts half the network envelope (%L1 ms) after the client start.</source>
        <translation>Спаны сервера на оси клиента предполагают симметричную сеть:
корень начинается через половину сетевой оболочки (%L1 мс) после старта клиента.</translation>
    </message>
    <message>
        <source>No server spans joined to this request.</source>
        <translation>С этим запросом не сопоставлено ни одного серверного спана.</translation>
    </message>
    <message>
        <source>%1 at %L2 ms</source>
        <translation>%1 на %L2 мс</translation>
    </message>
    <message>
        <source>%1: %L2 ms, from %L3 to %L4 ms</source>
        <translation>%1: %L2 мс, с %L3 до %L4 мс</translation>
    </message>
    <message>
        <source>phase: %1</source>
        <translation>фаза: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>%L1 stream chunks</source>
        <translation>фрагментов потока: %L1</translation>
    </message>
    <message>
        <source>Server phases from the response&apos;s own timings (no span), placed on the client axis assuming a symmetric network:
the server starts half the network envelope (%L1 ms) after the client start.</source>
        <translation>Фазы сервера по собственным таймингам ответа (без спана), размещены на оси клиента в предположении симметричной сети:
сервер начинается через половину сетевой оболочки (%L1 мс) после старта клиента.</translation>
    </message>
</context>
<context>
    <name>pb::ui::Workbench</name>
    <message>
        <source>%1 already exists; Phasebench does not replace workbench files. Open it, or choose another name.</source>
        <translation>%1 уже существует; Phasebench не заменяет файлы рабочего места. Откройте его или выберите другое имя.</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 не существует.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>Не удаётся создать папку %1.</translation>
    </message>
</context>
<context>
    <name>pb::ui::report</name>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Экспорт</translation>
    </message>
    <message>
        <source>Open a workbench file and select a run first.</source>
        <translation>Сначала откройте файл рабочего места и выберите прогон.</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>Экспорт отчёта</translation>
    </message>
    <message>
        <source>Preparing the report of run %1…</source>
        <translation>Подготовка отчёта о прогоне %1…</translation>
    </message>
    <message>
        <source>Export Requests</source>
        <translation>Экспорт запросов</translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON lines (*.jsonl)</source>
        <translation>CSV (*.csv);;JSON lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Exporting the requests of run %1…</source>
        <translation>Экспорт запросов прогона %1…</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>&amp;Экспорт отчёта…</translation>
    </message>
    <message>
        <source>Write the shown run&apos;s report as PDF, HTML or Markdown</source>
        <translation>Записать отчёт о показанном прогоне в формате PDF, HTML или Markdown</translation>
    </message>
    <message>
        <source>Export Re&amp;quests…</source>
        <translation>Экспорт &amp;запросов…</translation>
    </message>
    <message>
        <source>Write the shown run&apos;s requests, every column, as CSV or JSON lines</source>
        <translation>Записать запросы показанного прогона со всеми столбцами в формате CSV или JSON lines</translation>
    </message>
    <message>
        <source>Phasebench report: run %1</source>
        <translation>Отчёт Phasebench: прогон %1</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;: %2</source>
        <translation>не удаётся записать &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;</source>
        <translation>не удаётся записать &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Run %1 · page %2 of %3</source>
        <translation>Прогон %1 · страница %2 из %3</translation>
    </message>
</context>
<context>
    <name>pb::ui::report::ReportDialog</name>
    <message>
        <source>Export Report</source>
        <translation>Экспорт отчёта</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Нет</translation>
    </message>
    <message>
        <source>Run %1 &apos;%2&apos;</source>
        <translation>Прогон %1 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>PDF document</source>
        <translation>Документ PDF</translation>
    </message>
    <message>
        <source>HTML (one self-contained file)</source>
        <translation>HTML (один автономный файл)</translation>
    </message>
    <message>
        <source>Markdown (charts as PNG files beside it)</source>
        <translation>Markdown (графики — PNG-файлы рядом с ним)</translation>
    </message>
    <message>
        <source>A4</source>
        <translation>A4</translation>
    </message>
    <message>
        <source>Letter</source>
        <translation>Letter</translation>
    </message>
    <message>
        <source>the budgets stored with the run</source>
        <translation>бюджеты, сохранённые с прогоном</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>Прогон:</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;</source>
        <translation>%1 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>Baseline:</source>
        <translation>Базовый прогон:</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Обзор…</translation>
    </message>
    <message>
        <source>Budgets:</source>
        <translation>Бюджеты:</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>Формат:</translation>
    </message>
    <message>
        <source>Page size:</source>
        <translation>Размер страницы:</translation>
    </message>
    <message>
        <source>Save as:</source>
        <translation>Сохранить как:</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Экспорт</translation>
    </message>
    <message>
        <source>Budget File</source>
        <translation>Файл бюджетов</translation>
    </message>
    <message>
        <source>Budgets (*.json)</source>
        <translation>Бюджеты (*.json)</translation>
    </message>
</context>
<context>
    <name>std</name>
    <message>
        <source>not available</source>
        <translation>недоступно</translation>
    </message>
</context>
</TS>
