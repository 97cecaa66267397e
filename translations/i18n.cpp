// Holds the embedded .qm catalogues (:/i18n/phasebench_<lang>.qm); see CMakeLists.txt.
namespace pb::i18n {
int catalogueAnchor()
{
    return 0;
}
} // namespace pb::i18n
