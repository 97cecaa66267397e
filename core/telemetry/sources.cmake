# sources for core/telemetry, core/join, core/demo
