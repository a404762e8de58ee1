<#-- keycloak.v2's password-commons.ftl with one change: "Sign out from other devices" is checked by default,
     so a password change from /profile (kc_action=UPDATE_PASSWORD) ends the account's other sessions unless the
     coach unchecks it. Keep in step with keycloak.v2 when upgrading Keycloak. -->
<#import "field.ftl" as field>
<#macro logoutOtherSessions>
    <div id="kc-form-options" class="${properties.kcFormOptionsClass!}">
        <div class="${properties.kcFormOptionsWrapperClass!}"> 
            <@field.checkbox name="logout-sessions" label=msg("logoutOtherSessions") value=true />
        </div>
    </div>
</#macro>
