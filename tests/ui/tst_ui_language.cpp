// The interface language: the embedded catalogues, the translators installed
// for a locale, and the View › Language override stored in the settings.
#include "Language.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QTranslator>

using namespace pb::ui;

namespace {

// A string translated in both catalogues since the first release of the CLI.
const char* const kContext = "pb::cli";
const char* const kSource = "List the runs of a workbench file.";

QString translated()
{
    return QCoreApplication::translate(kContext, kSource);
}

void removeTranslators()
{
    for (QTranslator* t : qApp->findChildren<QTranslator*>()) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
}

QAction* actionFor(QMenu* menu, const QString& code)
{
    for (QAction* a : menu->actions()) {
        if (a->isCheckable() && a->data().toString() == code) {
            return a;
        }
    }
    return nullptr;
}

} // namespace

class TestUiLanguage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui_language"));
        QSettings().clear();
    }
    void cleanup()
    {
        removeTranslators();
        QSettings().clear();
    }

    void catalogues()
    {
        QCOMPARE(availableLanguages(),
                 (QStringList{QStringLiteral("en"), QStringLiteral("es"), QStringLiteral("ru")}));
    }

    void installsTheCatalogueOfTheLocale()
    {
        QCOMPARE(translated(), QString::fromLatin1(kSource));
        QCOMPARE(installTranslators(qApp, QLocale(QLocale::Spanish, QLocale::Spain)), QStringLiteral("es"));
        QVERIFY2(translated().contains(QStringLiteral("ejecuciones")), qPrintable(translated()));
        removeTranslators();

        QCOMPARE(installTranslators(qApp, QLocale(QLocale::Russian)), QStringLiteral("ru"));
        const QString ru = translated();
        QVERIFY2(
            std::any_of(ru.begin(), ru.end(), [](QChar c) { return c.script() == QChar::Script_Cyrillic; }),
            qPrintable(ru));
        removeTranslators();

        // English is the source language; a language without a catalogue falls back to it.
        QCOMPARE(installTranslators(qApp, QLocale(QLocale::English)), QStringLiteral("en"));
        QCOMPARE(installTranslators(qApp, QLocale(QLocale::Japanese)), QStringLiteral("en"));
        QCOMPARE(translated(), QString::fromLatin1(kSource));
    }

    void settingPicksTheLocale()
    {
        QCOMPARE(languageSetting(), QString());
        QCOMPARE(localeForLanguage(QString()), QLocale::system());
        setLanguageSetting(QStringLiteral("ru"));
        QCOMPARE(languageSetting(), QStringLiteral("ru"));
        QCOMPARE(localeForLanguage(languageSetting()).language(), QLocale::Russian);
        setLanguageSetting(QString());
        QVERIFY(!QSettings().contains(QLatin1String(kLanguageSettingKey)));
    }

    void menuStoresTheChoice()
    {
        QWidget window;
        QMenu* menu = createLanguageMenu(&window);
        QAction* system = actionFor(menu, QString());
        QAction* spanish = actionFor(menu, QStringLiteral("es"));
        QAction* russian = actionFor(menu, QStringLiteral("ru"));
        QVERIFY(system && spanish && russian && actionFor(menu, QStringLiteral("en")));
        QVERIFY(system->isChecked());
        QVERIFY(!spanish->isChecked());
        QCOMPARE(spanish->text(), QStringLiteral("Español"));
        QCOMPARE(russian->text(), QStringLiteral("Русский"));

        spanish->trigger();
        QCOMPARE(languageSetting(), QStringLiteral("es"));
        QVERIFY(spanish->isChecked());
        QVERIFY(!system->isChecked());
        auto* notice = window.findChild<QMessageBox*>(QStringLiteral("languageNotice"));
        QVERIFY(notice != nullptr);
        QVERIFY(notice->isVisible());
        notice->close();

        // A new window's menu shows the stored choice.
        QWidget other;
        QMenu* again = createLanguageMenu(&other);
        QVERIFY(actionFor(again, QStringLiteral("es"))->isChecked());
        actionFor(again, QString())->trigger();
        QCOMPARE(languageSetting(), QString());
    }
};

QTEST_MAIN(TestUiLanguage)
#include "tst_ui_language.moc"
