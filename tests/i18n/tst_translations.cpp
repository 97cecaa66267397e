// The Spanish and Russian catalogues must hold every translatable string of the
// current sources (lupdate has been run), and the embedded catalogues must load
// and translate what is translated, and every string must be translated.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

namespace {

struct Message
{
    QString context;
    QString source;
    QString translation;
    bool unfinished = false;
    bool numerus = false;
};

QList<Message> readTs(const QString& path)
{
    QList<Message> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        return out;
    }
    QXmlStreamReader xml(&f);
    QString context;
    Message m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) {
            continue;
        }
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            m = Message{context,
                        {},
                        {},
                        false,
                        xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes")};
        } else if (name == QLatin1String("source")) {
            m.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            const auto type = xml.attributes().value(QLatin1String("type")).toString();
            m.unfinished = type == QLatin1String("unfinished") || type == QLatin1String("vanished") ||
                           type == QLatin1String("obsolete");
            if (m.numerus) {
                QString all;
                while (xml.readNextStartElement()) {
                    all += xml.readElementText();
                }
                m.translation = all;
            } else {
                m.translation = xml.readElementText();
            }
            out.push_back(m);
        }
    }
    return out;
}

QString key(const Message& m)
{
    return m.context + QLatin1Char('\x1f') + m.source;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void catalogueCoversSources_data();
    void catalogueCoversSources();
    void embeddedCatalogueLoads();
};

void TestTranslations::catalogueCoversSources_data()
{
    QTest::addColumn<QString>("lang");
    QTest::newRow("es") << QStringLiteral("es");
    QTest::newRow("ru") << QStringLiteral("ru");
}

void TestTranslations::catalogueCoversSources()
{
    QFETCH(QString, lang);
    const QString root = QStringLiteral(PHASEBENCH_SOURCE_DIR);
    QTemporaryDir dir;
    const auto fresh = dir.filePath(QStringLiteral("fresh.ts"));
    QProcess lupdate;
    lupdate.start(QStringLiteral(PHASEBENCH_LUPDATE),
                  {root + QStringLiteral("/core"), root + QStringLiteral("/ui"),
                   root + QStringLiteral("/app"), QStringLiteral("-locations"), QStringLiteral("none"),
                   QStringLiteral("-silent"), QStringLiteral("-ts"), fresh});
    QVERIFY(lupdate.waitForFinished(120000));
    QCOMPARE(lupdate.exitCode(), 0);
    const auto current = readTs(fresh);
    QVERIFY2(current.size() > 20, "lupdate found too few strings: the scan is broken");

    const auto committed =
        readTs(root + QStringLiteral("/translations/phasebench_") + lang + QStringLiteral(".ts"));
    QHash<QString, Message> byKey;
    for (const auto& m : committed) {
        byKey.insert(key(m), m);
    }
    QStringList missing;
    QStringList untranslated;
    for (const auto& m : current) {
        const auto it = byKey.constFind(key(m));
        if (it == byKey.constEnd()) {
            missing << m.context + QStringLiteral(": ") + m.source;
        } else if (it->unfinished || it->translation.isEmpty()) {
            untranslated << m.context + QStringLiteral(": ") + m.source;
        }
    }
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("%1 string(s) missing from the '%2' catalogue; build "
                                       "the phasebench_i18n_lupdate target:\n")
                            .arg(missing.size())
                            .arg(lang) +
                        missing.mid(0, 20).join(QLatin1Char('\n'))));
    // Every string is translated (issue 8): a new string needs its Spanish
    // and Russian text before it lands.
    QVERIFY2(untranslated.isEmpty(),
             qPrintable(QStringLiteral("%1 string(s) not translated in the '%2' catalogue:\n")
                            .arg(untranslated.size())
                            .arg(lang) +
                        untranslated.mid(0, 20).join(QLatin1Char('\n'))));
}

void TestTranslations::embeddedCatalogueLoads()
{
    for (const auto* lang : {"es", "ru"}) {
        QTranslator t;
        QVERIFY2(t.load(QStringLiteral(":/i18n/phasebench_") + QLatin1String(lang)), lang);
        QVERIFY(!t.isEmpty());
        const auto translated = t.translate("pb::cli", "List the runs of a workbench file.");
        QVERIFY2(!translated.isEmpty() && translated != QLatin1String("List the runs of a workbench file."),
                 lang);
    }
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
