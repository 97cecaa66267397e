target_sources(phasebench_cli_lib PRIVATE cli/DemoCommand.cpp)
