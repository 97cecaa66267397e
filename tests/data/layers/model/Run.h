// Fixture for tests/layers: a model header every folder may include.
#pragma once
