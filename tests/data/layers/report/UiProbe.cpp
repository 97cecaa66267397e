// A core file that reaches into the window's pages: core never includes ui/
// (tests/layers).
#include "pages/RunPage.h"

int uiProbe()
{
    return 0;
}
