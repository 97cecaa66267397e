// The translation unit that carries a precompiled header for the suites
// (tests/CMakeLists.txt); it has no code of its own.
